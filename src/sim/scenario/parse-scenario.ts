/**
 * Reads a scenario file: YAML → shape check (scenario-schema.ts) → a runnable {@link Scenario}. Every error names
 * the line, the column and the path in the file ("line 12, column 5: actions[2].at: invalid duration \"5x\"").
 *
 * Hostile input is refused before it costs anything: text over {@link MAX_SCENARIO_CHARS} is not parsed at all,
 * and alias expansion is capped ({@link MAX_ALIAS_COUNT}) so a "billion laughs" document fails fast.
 */
import type { Document, LineCounter, Node } from 'yaml';
import { libraries } from '../libraries.ts';
import { duplicateKey, firstAlias, MAX_ALIAS_COUNT, MAX_ERRORS, MAX_SCENARIO_CHARS, MAX_SCENARIO_LINES, tooDeep } from '../yaml/yaml-guards.ts';
import type { z } from './zod.ts';
import { scenarioSchema } from './scenario-schema.ts';
import { checkManifests, type ManifestsSite } from './check-manifests.ts';
import { normalizeScenario } from './normalize-scenario.ts';
import type { Scenario } from './scenario.ts';

export { MAX_ALIAS_COUNT, MAX_ERRORS, MAX_FLOW_DEPTH, MAX_INDENT, MAX_SCENARIO_CHARS, MAX_SCENARIO_LINES } from '../yaml/yaml-guards.ts';

/** A problem in a scenario file, located. `line`/`column` are 1-based. */
export interface ScenarioError {
  line: number;
  column: number;
  /** "actions[2].at"; empty for syntax errors. */
  path: string;
  message: string;
}

export type ParseScenarioResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** "line 12, column 5: actions[2].at: invalid duration \"5x\"", prefixed with the file name when given. */
export function formatScenarioError(e: ScenarioError, file?: string): string {
  return `${file ? `${file}: ` : ''}line ${e.line}, column ${e.column}: ${e.path ? `${e.path}: ` : ''}${e.message}`;
}

/** ["actions", 2, "at"] → "actions[2].at". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** A YAML file loaded under the guards, with a way to locate a path of its data in the text. */
export interface LoadedYaml {
  doc: Document;
  data: unknown;
  text: string;
  lineCounter: LineCounter;
  locate(path: readonly PropertyKey[]): { line: number; col: number };
}

/**
 * Reads YAML text under the guards every loopscope file shares (size, lines, nesting, duplicate keys, alias
 * expansion). `what` names the file kind in messages ("a scenario"). Never throws.
 */
export function loadYamlFile(text: string, what = 'a scenario'): { ok: true; loaded: LoadedYaml } | { ok: false; errors: ScenarioError[] } {
  const failed = (line: number, column: number, message: string) => ({ ok: false as const, errors: [{ line, column, path: '', message }] });
  if (text.length > MAX_SCENARIO_CHARS) {
    return failed(1, 1, `the file is ${text.length} characters; ${what} may have at most ${MAX_SCENARIO_CHARS}`);
  }
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  if (lines > MAX_SCENARIO_LINES) return failed(MAX_SCENARIO_LINES + 1, 1, `the file has ${lines} lines; ${what} may have at most ${MAX_SCENARIO_LINES}`);
  const deep = tooDeep(text);
  if (deep) return failed(deep.line, deep.column, deep.message);
  const { LineCounter, parseDocument } = libraries().yaml;
  const lineCounter = new LineCounter();
  // uniqueKeys is quadratic in the keys of a mapping (50,000 keys: a minute); duplicateKey() is linear.
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.slice(0, MAX_ERRORS).map((e) => ({
        line: e.linePos?.[0].line ?? 1,
        column: e.linePos?.[0].col ?? 1,
        path: '',
        message: e.message.split(' at line ')[0]!.trim(),
      })),
    };
  }
  const dup = duplicateKey(doc);
  if (dup) {
    const pos = lineCounter.linePos(dup.offset);
    return failed(pos.line, pos.col, `Map keys must be unique: "${dup.key}" appears twice`);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    const at = firstAlias(doc);
    const pos = at ? lineCounter.linePos(at) : { line: 1, col: 1 };
    return failed(pos.line, pos.col, `${(e as Error).message} (aliases may expand at most ${MAX_ALIAS_COUNT} times)`);
  }
  const locate = (path: readonly PropertyKey[]): { line: number; col: number } => {
    const offset = offsetOf(doc, path);
    return offset === undefined ? { line: 1, col: 1 } : lineCounter.linePos(offset);
  };
  return { ok: true, loaded: { doc, data, text, lineCounter, locate } };
}

/** zod issues of a failed parse, located in the file (unions flattened to the branch the author meant). */
export function locatedIssues(loaded: LoadedYaml, issues: readonly z.core.$ZodIssue[]): ScenarioError[] {
  return flattenIssues(issues.slice(0, MAX_ERRORS))
    .slice(0, MAX_ERRORS)
    .map((i) => located(loaded, i.path, i.message));
}

/** One located error at `path`. */
export function located(loaded: LoadedYaml, path: readonly PropertyKey[], message: string): ScenarioError {
  const pos = loaded.locate(path);
  return { line: pos.line, column: pos.col, path: formatPath(path), message };
}

/** Checks the manifests at each of `paths` (see check-manifests.ts), located in the file. */
export function checkManifestsAt(loaded: LoadedYaml, paths: PropertyKey[][]): ScenarioError[] {
  return checkManifests(manifestSites(paths, loaded.doc, loaded.text, loaded.lineCounter)).map((i) => {
    const pos = i.line !== undefined ? { line: i.line, col: i.column ?? 1 } : loaded.locate(i.path);
    return { line: pos.line, column: pos.col, path: formatPath(i.path), message: i.message };
  });
}

/** Where the manifests of the set-up and of apply/create actions are, for {@link checkManifestsAt}. */
export function manifestPaths(manifests: unknown, actions: ReadonlyArray<Record<string, unknown>> | undefined, base: PropertyKey[] = []): PropertyKey[][] {
  const out: PropertyKey[][] = [];
  if (manifests !== undefined) out.push([...base, 'manifests']);
  (actions ?? []).forEach((a, i) => {
    for (const verb of ['apply', 'create'] as const) {
      const body = a[verb];
      if (body === undefined) continue;
      out.push(typeof body === 'object' && body !== null && !Array.isArray(body) && 'manifests' in body ? [...base, 'actions', i, verb, 'manifests'] : [...base, 'actions', i, verb]);
    }
  });
  return out;
}

/** Parses and validates a scenario. Never throws. */
export function parseScenario(text: string): ParseScenarioResult {
  const read = loadYamlFile(text);
  if (!read.ok) return read;
  const loaded = read.loaded;
  const parsed = scenarioSchema.safeParse(loaded.data);
  if (!parsed.success) return { ok: false, errors: locatedIssues(loaded, parsed.error.issues) };
  const { scenario, issues } = normalizeScenario(parsed.data, (path) => loaded.locate(path).line);
  if (issues.length > 0) return { ok: false, errors: issues.map((i) => located(loaded, i.path, i.message)) };
  const manifestIssues = checkManifestsAt(loaded, manifestPaths(parsed.data.manifests, parsed.data.actions));
  if (manifestIssues.length > 0) return { ok: false, errors: manifestIssues };
  return { ok: true, scenario };
}

interface FlatIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * zod reports a failed union as one "Invalid input" with every branch's issues inside. The branch that got
 * furthest (the deepest path) is almost always the one the author meant; report its issues instead.
 */
function flattenIssues(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const depth = (branch: readonly z.core.$ZodIssue[]): number => Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_type' ? 0 : 0.5)));
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
      if (depth(best) > 0) {
        out.push(...flattenIssues(best, path));
        continue;
      }
      const expected = issue.errors.flatMap((b) => b.filter((i) => i.code === 'invalid_type').map((i) => (i as { expected: string }).expected));
      out.push({ path, message: expected.length ? `expected one of: ${[...new Set(expected)].join(', ')}` : issue.message });
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...path, key], message: `unknown field "${key}"` });
      continue;
    }
    out.push({ path, message: issue.message });
  }
  return out;
}

/** The deepest node along `path` (the parent when a key is missing), and its source offset. */
function nodeAt(doc: Document, path: readonly PropertyKey[]): { node: unknown; offset: number | undefined; complete: boolean } {
  const { isAlias, isMap, isScalar, isSeq } = libraries().yaml;
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0];
  let depth = 0;
  for (const seg of path) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === seg);
      if (pair) next = pair.value === null ? pair.key : pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      next = node.items[seg];
    }
    const range = (next as Node | undefined)?.range;
    if (!range) break;
    node = next;
    offset = range[0];
    depth++;
  }
  return { node, offset, complete: depth === path.length };
}

function offsetOf(doc: Document, path: readonly PropertyKey[]): number | undefined {
  return nodeAt(doc, path).offset;
}

/** Every place the file holds manifests, with how to map their text lines onto the file's. */
function manifestSites(candidates: PropertyKey[][], doc: Document, text: string, lineCounter: LineCounter): ManifestsSite[] {
  const { isScalar } = libraries().yaml;
  const lines = text.split('\n');
  const sites: ManifestsSite[] = [];
  for (const path of candidates) {
    const { node, complete } = nodeAt(doc, path);
    if (!complete) continue;
    const value = (node as { toJSON?: () => unknown } | null)?.toJSON?.() ?? (isScalar(node) ? node.value : undefined);
    if (typeof value === 'string' && isScalar(node) && node.range) {
      const start = lineCounter.linePos(node.range[0]);
      const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
      const firstLine = block ? start.line + 1 : start.line;
      const content = lines.slice(firstLine - 1).find((l) => l.trim() !== '') ?? '';
      // Only a block scalar's lines are the file's lines; a quoted string's escapes ("\n") are not.
      sites.push(block ? { path, value, firstLine, indent: content.length - content.trimStart().length } : { path, value, firstLine: 0, indent: 0 });
    } else if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
      sites.push({ path, value: Array.isArray(value) ? (value as object[]) : [value], firstLine: 0, indent: 0 });
    }
  }
  return sites;
}

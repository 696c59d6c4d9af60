/**
 * Label selectors: the kubectl string syntax ("app=web,tier in (a,b),!canary") and `metav1.LabelSelector`
 * (matchLabels + matchExpressions), both turned into one list of requirements that all must hold.
 *
 * Upstream: k8s.io/apimachinery/pkg/labels/selector.go (Parse, Requirement.Matches) and
 * pkg/apis/meta/v1/helpers.go (LabelSelectorAsSelector).
 *
 * @remarks Parse errors are reported with upstream's leading words ("unable to parse requirement") but a shorter
 * tail than the Go lexer's position-annotated text. Label key/value syntax is not validated here (validation does).
 */
import type { LabelSelector } from '../../api/object.ts';

export type SelectorOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

/** One `key op values` clause (`selection.Requirement`). */
export interface Requirement {
  readonly key: string;
  readonly operator: SelectorOperator;
  readonly values: readonly string[];
}

/** A parsed selector: every requirement must match. The empty selector matches everything. */
export interface ParsedLabelSelector {
  readonly requirements: readonly Requirement[];
}

/** Everything (`labels.Everything()`). */
export const EVERYTHING: ParsedLabelSelector = Object.freeze({ requirements: Object.freeze([]) });

/** `Requirement.Matches`. */
export function matchesRequirement(r: Requirement, labels: Readonly<Record<string, string>> | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels![r.key]! : undefined;
  switch (r.operator) {
    case '=':
    case '==':
    case 'in':
      return has && r.values.includes(value!);
    case '!=':
    case 'notin':
      return !has || !r.values.includes(value!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has) return false;
      const n = Number(value);
      if (!Number.isInteger(n)) return false;
      const bound = Number(r.values[0]);
      return r.operator === 'gt' ? n > bound : n < bound;
    }
  }
}

/** Whether `labels` satisfy every requirement of the selector. */
export function matchesLabels(sel: ParsedLabelSelector, labels: Readonly<Record<string, string>> | undefined): boolean {
  for (const r of sel.requirements) if (!matchesRequirement(r, labels)) return false;
  return true;
}

/** A selector parse failure; `message` is the text the api-server puts in its 400 BadRequest. */
export class SelectorParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectorParseError';
  }
}

/**
 * `labels.Parse`: the kubectl syntax. Clauses are separated by commas outside parentheses:
 * `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>1`, `k<1`. Throws {@link SelectorParseError}.
 */
export function parseLabelSelector(input: string): ParsedLabelSelector {
  const text = input.trim();
  if (text === '') return EVERYTHING;
  const requirements: Requirement[] = [];
  for (const clause of splitClauses(text)) requirements.push(parseClause(clause.trim(), input));
  return { requirements: sortRequirements(requirements) };
}

function splitClauses(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

const SET_RE = /^([^\s!=<>(),]+)\s+(in|notin)\s*\(([^()]*)\)$/;
const BINARY_RE = /^([^\s!=<>(),]+)\s*(==|=|!=|>|<)\s*([^\s!=<>(),]*)$/;
const KEY_RE = /^([^\s!=<>(),]+)$/;
const NOT_RE = /^!\s*([^\s!=<>(),]+)$/;

function parseClause(clause: string, whole: string): Requirement {
  let m = SET_RE.exec(clause);
  if (m) {
    const values = m[3]!
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) throw new SelectorParseError(`unable to parse requirement: for 'in', 'notin' operators, values set can't be empty`);
    return { key: m[1]!, operator: m[2] as 'in' | 'notin', values: [...new Set(values)].sort() };
  }
  m = BINARY_RE.exec(clause);
  if (m) {
    const op = m[2]!;
    if (op === '>' || op === '<') {
      if (!/^-?\d+$/.test(m[3]!)) throw new SelectorParseError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer`);
      return { key: m[1]!, operator: op === '>' ? 'gt' : 'lt', values: [m[3]!] };
    }
    return { key: m[1]!, operator: op as '=' | '==' | '!=', values: [m[3]!] };
  }
  m = NOT_RE.exec(clause);
  if (m) return { key: m[1]!, operator: '!', values: [] };
  m = KEY_RE.exec(clause);
  if (m) return { key: m[1]!, operator: 'exists', values: [] };
  throw new SelectorParseError(`unable to parse requirement: found '${clause}', expected: identifier in label selector "${whole}"`);
}

function sortRequirements(rs: Requirement[]): Requirement[] {
  // Upstream sorts requirements by key so String() is canonical.
  return rs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * `metav1.LabelSelectorAsSelector`. A nil selector selects nothing in upstream (`labels.Nothing()`); pass
 * `undefined` to get `undefined` back and decide at the call site. An empty `{}` selects everything.
 */
export function labelSelectorFromObject(sel: LabelSelector): ParsedLabelSelector {
  const requirements: Requirement[] = [];
  for (const key of Object.keys(sel.matchLabels ?? {}).sort()) {
    requirements.push({ key, operator: '=', values: [sel.matchLabels![key]!] });
  }
  for (const e of sel.matchExpressions ?? []) {
    const op = e.operator;
    if (op === 'In' || op === 'NotIn') {
      if (!e.values || e.values.length === 0) throw new SelectorParseError(`for 'in', 'notin' operators, values set can't be empty`);
      requirements.push({ key: e.key, operator: op === 'In' ? 'in' : 'notin', values: [...e.values].sort() });
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (e.values && e.values.length > 0) throw new SelectorParseError(`values set must be empty for exists and does not exist`);
      requirements.push({ key: e.key, operator: op === 'Exists' ? 'exists' : '!', values: [] });
    } else {
      throw new SelectorParseError(`"${op}" is not a valid label selector operator`);
    }
  }
  return { requirements: sortRequirements(requirements) };
}

/** `Selector.String()`: the canonical kubectl text ("app=web,tier in (a,b)"), e.g. for Scale.status.selector. */
export function labelSelectorToString(sel: ParsedLabelSelector): string {
  return sel.requirements
    .map((r) => {
      switch (r.operator) {
        case 'in':
        case 'notin':
          return `${r.key} ${r.operator} (${r.values.join(',')})`;
        case 'exists':
          return r.key;
        case '!':
          return `!${r.key}`;
        case 'gt':
          return `${r.key}>${r.values[0]}`;
        case 'lt':
          return `${r.key}<${r.values[0]}`;
        default:
          return `${r.key}${r.operator}${r.values[0]}`;
      }
    })
    .join(',');
}

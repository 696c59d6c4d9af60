/**
 * Tab completion for the console, as kubectl's cobra completion offers (kubectl `pkg/cmd/util/completion.go`):
 * command names, subcommands, the flags of the command, resource types with their short names, object names of the
 * type already typed (`kubectl get pods <Tab>`, `kubectl delete deploy/<Tab>`), namespaces after `-n`, output
 * formats after `-o`, editor buffers after `-f`, nodes for cordon/uncordon/drain, pods for logs. `from` is where the completed word starts in
 * `line`. Never throws.
 */
import type { ResourceInfo } from '../sim/api/resources.ts';
import type { Command } from './command.ts';
import { findCommand, supportedCommands } from './commands.ts';
import type { KubectlTarget } from './target.ts';

export interface Completion {
  from: number;
  candidates: string[];
}

const OUTPUTS = ['json', 'yaml', 'name', 'wide', 'jsonpath=', 'custom-columns='];
/** Commands whose first argument is a resource type (and the rest object names). */
const TAKES_RESOURCES = new Set(['get', 'describe', 'delete', 'scale', 'patch', 'label', 'annotate', 'edit', 'image', 'autoscale', 'explain', 'status', 'history', 'undo', 'restart', 'pause', 'resume']);
const TAKES_NODES = new Set(['cordon', 'uncordon', 'drain']);

/** Splits on blanks, keeping the start of each word; quotes group (loosely: an open quote runs to the end). */
function words(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    if (i >= text.length) break;
    const start = i;
    let quote = '';
    let w = '';
    while (i < text.length && (quote || (text[i] !== ' ' && text[i] !== '\t'))) {
      const c = text[i]!;
      if (quote) {
        if (c === quote) quote = '';
        else w += c;
      } else if (c === '"' || c === "'") quote = c;
      else w += c;
      i++;
    }
    out.push({ text: w, start });
  }
  return out;
}

function typeWords(target: KubectlTarget, withAll: boolean): string[] {
  const names = new Set<string>();
  for (const r of target.resources()) {
    names.add(r.resource);
    for (const s of r.shortNames) names.add(s);
  }
  if (withAll) names.add('all');
  return [...names];
}

function objectNames(target: KubectlTarget, info: ResourceInfo | undefined, namespace: string | undefined): string[] {
  if (!info) return [];
  return target.list(info, info.namespaced ? namespace : undefined).map((o) => o.metadata.name ?? '');
}

function flagsOf(cmd: Command | undefined): string[] {
  const out = ['--namespace', '--help'];
  for (const f of cmd?.flags ?? []) if (!f.unsupported) out.push(`--${f.name}`);
  return out;
}

/** `files`: the names `-f` can read (the page's editor buffers), offered after `-f`. */
export function complete(line: string, cursor: number, target: KubectlTarget, files: readonly string[] = []): Completion {
  const text = String(line ?? '');
  const at = Math.max(0, Math.min(Number.isFinite(cursor) ? Math.trunc(cursor) : 0, text.length));
  try {
    return completeUnsafe(text, at, target, files);
  } catch {
    return { from: at, candidates: [] };
  }
}

function completeUnsafe(line: string, cursor: number, target: KubectlTarget, files: readonly string[]): Completion {
  const before = line.slice(0, cursor);
  const ws = words(before);
  const endsInBlank = before.length === 0 || /[ \t]$/.test(before);
  const current = endsInBlank ? { text: '', start: cursor } : ws.pop()!;
  let rest = ws;
  if (rest[0]?.text === 'kubectl') rest = rest.slice(1);
  const offer = (candidates: Iterable<string>, prefix = current.text, from = current.start): Completion => ({
    from,
    candidates: [...new Set(candidates)].filter((c) => c.startsWith(prefix)).sort(),
  });
  // The command path and the positional words so far; the namespace typed.
  let cmd: Command | undefined;
  let sub: Command | undefined;
  const positional: string[] = [];
  let namespace = 'default';
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!.text;
    if (w === '-n' || w === '--namespace') {
      namespace = rest[i + 1]?.text ?? namespace;
      i++;
      continue;
    }
    if (w.startsWith('--namespace=')) namespace = w.slice('--namespace='.length);
    else if (w.startsWith('-n') && w.length > 2) namespace = w.slice(2);
    if (w.startsWith('-')) {
      // A value flag of the command takes the next word.
      const spec = [...(sub ?? cmd)?.flags ?? []].find((f) => w === `--${f.name}` || (f.short !== undefined && w === `-${f.short}`));
      if (spec && spec.kind !== 'bool' && spec.noOptDefault === undefined) i++;
      continue;
    }
    if (!cmd) cmd = findCommand(w);
    else if (!sub && cmd.subcommands?.length && positional.length === 0) sub = cmd.subcommands.find((s) => s.name === w || s.aliases?.includes(w));
    else positional.push(w);
    if (!cmd) return { from: current.start, candidates: [] };
  }
  const previous = rest[rest.length - 1]?.text;
  const active = sub ?? cmd;
  if (previous === '-n' || previous === '--namespace') return offer(objectNames(target, target.resolve('namespaces'), undefined));
  if (current.text.startsWith('--namespace=')) return offer(objectNames(target, target.resolve('namespaces'), undefined), current.text.slice(12), current.start + 12);
  if (previous === '-o' || previous === '--output') return offer(OUTPUTS);
  if (previous === '-f' || previous === '--filename') return offer(['-', ...files]);
  if (current.text.startsWith('-o') && current.text.length > 2 && !current.text.startsWith('--')) return offer(OUTPUTS, current.text.slice(2).replace(/^=/, ''), current.start + (current.text[2] === '=' ? 3 : 2));
  if (current.text.startsWith('--output=')) return offer(OUTPUTS, current.text.slice(9), current.start + 9);
  if (!cmd) return offer(supportedCommands().map((c) => c.name));
  if (current.text.startsWith('-')) return offer(flagsOf(active));
  if (cmd.subcommands?.length && !sub) return offer(cmd.subcommands.map((s) => s.name));
  const name = active?.name ?? '';
  if (TAKES_NODES.has(name)) return offer(objectNames(target, target.resolve('nodes'), undefined));
  if (name === 'logs') return offer(objectNames(target, target.resolve('pods'), namespace));
  if (!TAKES_RESOURCES.has(name)) return { from: current.start, candidates: [] };
  if (name === 'explain') return offer(typeWords(target, false));
  const slash = current.text.indexOf('/');
  if (slash >= 0) {
    const info = target.resolve(current.text.slice(0, slash));
    return offer(objectNames(target, info, namespace), current.text.slice(slash + 1), current.start + slash + 1);
  }
  const typeArgs = positional.filter((p) => !p.includes('='));
  if (typeArgs.length === 0) return offer(typeWords(target, name === 'get'));
  if (typeArgs[0]!.includes('/')) return offer(typeWords(target, false).map((t) => `${t}/`));
  const info = typeArgs[0]!.includes(',') ? undefined : target.resolve(typeArgs[0]!);
  return offer(objectNames(target, info, namespace));
}

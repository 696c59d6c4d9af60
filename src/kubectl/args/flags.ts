/**
 * Flag parsing as spf13/pflag does it for kubectl (pflag `flag.go` parseArgs, parseLongArg, parseSingleShortArg):
 * `--name=value`, `--name value`, a bool `--name` or `--name=false`, `-n ns`, `-nns`, `-n=ns`, combined bool
 * shorthands (`-it`), flags anywhere among the arguments, `--` ending the flags. Errors carry pflag's own texts
 * (`unknown flag: --replica`, `flag needs an argument: 'n' in -n`, `invalid argument "x" for "--replicas" flag: …`).
 */

/** `strings`: pflag's stringSlice (comma-separated, repeatable); `array`: stringArray (repeatable, no splitting). */
export type FlagKind = 'bool' | 'string' | 'int' | 'strings' | 'array';

export interface FlagSpec {
  name: string;
  short?: string;
  kind: FlagKind;
  /** The help text (shown by `--help`). */
  usage: string;
  /** Default as printed by `--help` (`--replicas=0`); bools default to false, strings to "". */
  def?: string;
  /** pflag's NoOptDefVal: the value of the bare `--flag` (bools: "true"; `--dry-run`: "unchanged"). */
  noOptDefault?: string;
  /** Accepted because kubectl has it, but the console does not do what it does: `--help` says so. */
  unsupported?: string;
}

export type FlagValue = boolean | string | number | string[];

export interface ParsedFlags {
  /** Values of the flags given, by long name. */
  values: Map<string, FlagValue>;
  /** Non-flag arguments, in order (those after `--` included). */
  args: string[];
  /** How many arguments came before `--` (cobra's ArgsLenAtDash), or -1 without `--`. */
  argsLenAtDash: number;
}

export class FlagError extends Error {}

function display(spec: FlagSpec): string {
  return spec.short ? `-${spec.short}, --${spec.name}` : `--${spec.name}`;
}

/** Go's strconv.ParseBool. */
function parseBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

/** Go's strconv.ParseInt(s, 0, 64), as pflag's int flags use it. */
function parseInt64(v: string): { value: number } | { error: string } {
  const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[oO]?[0-7_]+|0[bB][01_]+|[0-9][0-9_]*)$/.exec(v);
  if (!m || /__|_$|^[+-]?_/.test(v)) return { error: `strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax` };
  const body = m[2]!.replace(/_/g, '');
  let big: bigint;
  try {
    big = BigInt(/^0[0-7]+$/.test(body) ? `0o${body.slice(1)}` : body);
  } catch {
    return { error: `strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax` };
  }
  if (m[1] === '-') big = -big;
  if (big > 9223372036854775807n || big < -9223372036854775808n) return { error: `strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range` };
  return { value: Number(big) };
}

function set(values: Map<string, FlagValue>, spec: FlagSpec, raw: string): void {
  switch (spec.kind) {
    case 'bool': {
      const b = parseBool(raw);
      if (b === undefined) throw new FlagError(`invalid argument ${JSON.stringify(raw)} for "${display(spec)}" flag: strconv.ParseBool: parsing ${JSON.stringify(raw)}: invalid syntax`);
      values.set(spec.name, b);
      return;
    }
    case 'int': {
      const n = parseInt64(raw);
      if ('error' in n) throw new FlagError(`invalid argument ${JSON.stringify(raw)} for "${display(spec)}" flag: ${n.error}`);
      values.set(spec.name, n.value);
      return;
    }
    case 'strings':
    case 'array': {
      // Repeated flags add up; a stringSlice splits on commas (as CSV), a stringArray does not.
      const prev = (values.get(spec.name) as string[] | undefined) ?? [];
      values.set(spec.name, [...prev, ...(spec.kind === 'array' ? [raw] : raw.split(','))]);
      return;
    }
    case 'string':
      values.set(spec.name, raw);
  }
}

/** Parses `words` against `specs`. Throws {@link FlagError} with pflag's message. */
export function parseFlags(words: readonly string[], specs: readonly FlagSpec[]): ParsedFlags {
  const long = new Map<string, FlagSpec>();
  const short = new Map<string, FlagSpec>();
  for (const s of specs) {
    long.set(s.name, s);
    if (s.short) short.set(s.short, s);
  }
  const values = new Map<string, FlagValue>();
  const args: string[] = [];
  let argsLenAtDash = -1;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      argsLenAtDash = args.length;
      args.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      // pflag normalises "_" to "-" in names (kubectl's WordSepNormalizeFunc).
      const name = (eq < 0 ? w.slice(2) : w.slice(2, eq)).replace(/_/g, '-');
      const spec = long.get(name);
      if (!spec || name === '') throw new FlagError(name === '' ? `bad flag syntax: ${w}` : `unknown flag: --${name}`);
      if (eq >= 0) set(values, spec, w.slice(eq + 1));
      else if (spec.kind === 'bool' || spec.noOptDefault !== undefined) set(values, spec, spec.noOptDefault ?? 'true');
      else if (i + 1 < words.length) set(values, spec, words[++i]!);
      else throw new FlagError(`flag needs an argument: --${name}`);
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      let shorthands = w.slice(1);
      while (shorthands.length > 0) {
        const c = String.fromCodePoint(shorthands.codePointAt(0)!);
        const spec = short.get(c);
        if (!spec) throw new FlagError(`unknown shorthand flag: '${c}' in -${w.slice(1)}`);
        const after = shorthands.slice(c.length);
        if (after.startsWith('=')) {
          set(values, spec, after.slice(1));
          shorthands = '';
        } else if (spec.kind === 'bool' || spec.noOptDefault !== undefined) {
          set(values, spec, spec.noOptDefault ?? 'true');
          shorthands = after;
        } else if (after.length > 0) {
          set(values, spec, after);
          shorthands = '';
        } else if (i + 1 < words.length) {
          set(values, spec, words[++i]!);
          shorthands = '';
        } else {
          throw new FlagError(`flag needs an argument: '${c}' in -${w.slice(1)}`);
        }
      }
      continue;
    }
    args.push(w);
  }
  return { values, args, argsLenAtDash };
}

/** Typed reads of parsed values, with each flag's default. */
export class Flags {
  constructor(readonly parsed: ParsedFlags) {}
  has(name: string): boolean {
    return this.parsed.values.has(name);
  }
  bool(name: string, def = false): boolean {
    const v = this.parsed.values.get(name);
    return typeof v === 'boolean' ? v : def;
  }
  string(name: string, def = ''): string {
    const v = this.parsed.values.get(name);
    return typeof v === 'string' ? v : def;
  }
  int(name: string, def: number): number {
    const v = this.parsed.values.get(name);
    return typeof v === 'number' ? v : def;
  }
  strings(name: string): string[] {
    const v = this.parsed.values.get(name);
    return Array.isArray(v) ? v : [];
  }
}

/**
 * client-go's JSONPath dialect (`k8s.io/client-go/util/jsonpath`: parser.go, jsonpath.go), as `kubectl -o jsonpath=`,
 * custom columns, `--sort-by` and CRDs' additionalPrinterColumns use it: text with `{…}` actions; fields `.a.b`, `['a']`,
 * `.*`; arrays `[0]`, `[-1]`, `[1:3]`, `[::2]`, `[*]`; unions `[0,1]`, `['a','b']`; recursive descent `..name`; filters
 * `[?(@.type=="Ready")]` with == != < > <= >= and bare existence; `range … end`; quoted text `{"\n"}`.
 *
 * No maintained npm package implements this dialect (jsonpath-plus and others follow Goessner's JSONPath: no
 * templates, no range/end, different filter syntax), so it is ported here. Errors carry upstream's messages; nothing
 * throws (a template nested deeply enough to exhaust the stack is an error like any other).
 *
 * Output is what `JSONPath.Execute` writes: within one action, results are separated by a space; maps and arrays as
 * compact JSON with sorted keys (Go's encoding/json); scalars with Go's fmt.Print.
 */
import { goJsonMarshal } from './go-json.ts';
import { goSprint, obj } from './values.ts';
import { parseJsonPath, type JsonPath, type Node, type Param } from './jsonpath-parser.ts';

export { parseJsonPath, type JsonPath };

class EvalError extends Error {}

/** Whether apimachinery's JSON decoding makes an int64 of this number (integral and in range), else a float64. */
const isInt64 = (n: number): boolean => Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63;

/** Go's reflect type name of a decoded JSON value, for error texts. */
function goType(v: unknown): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return isInt64(v) ? 'int64' : 'float64';
  if (typeof v === 'object' && v !== null) return 'map[string]interface {}';
  return 'interface {}';
}

/** Go's %v of a decoded JSON value (map keys sorted, as fmt prints maps). */
function goValue(v: unknown, depth = 0): string {
  if (depth > 20) return '...';
  if (v === NO_VALUE) return '<invalid reflect.Value>';
  if (Array.isArray(v)) return `[${v.map((x) => goValue(x, depth + 1)).join(' ')}]`;
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o).sort().map((k) => `${k}:${goValue(o[k], depth + 1)}`).join(' ')}]`;
  }
  return goSprint(v);
}

/** The invalid reflect.Value Go's FindResults starts from when given nil (a nil element ranged over). */
const NO_VALUE: unique symbol = Symbol('no value');

const isNil = (v: unknown): boolean => v === null || v === undefined || v === NO_VALUE;

type Results = unknown[];

class Evaluator {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode: Node | undefined;
  private steps = 0;

  constructor(private readonly allowMissingKeys: boolean) {}

  /** jsonpath.go FindResults: the results of each top-level node, with range … end expanded. */
  findResults(data: unknown, nodes: readonly Node[]): Results[] {
    let cur: Results = [data];
    const fullResult: Results[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const results = this.walk(cur, node);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = node;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        const rest = nodes.slice(i + 1);
        if (results.length > 0) {
          // Go ranges over value.Interface(): a nil element becomes an invalid reflect.Value, printed "<no value>".
          for (const value of results) fullResult.push(...this.findResults(value === null || value === undefined ? NO_VALUE : value, rest));
        } else {
          this.findResults(null, rest);
        }
        this.inRange--;
        for (let k = i + 1; k < nodes.length; k++) {
          if (nodes[k] === this.lastEndNode) {
            i = k;
            break;
          }
        }
        continue;
      }
      fullResult.push(results);
      cur = [data];
    }
    return fullResult;
  }

  private walk(value: Results, node: Node): Results {
    if (++this.steps > 1_000_000) throw new EvalError('template evaluation too large');
    switch (node.type) {
      case 'list': return this.evalList(value, node);
      case 'text': return [node.text];
      case 'field': return this.evalField(value, node.value);
      case 'array': return this.evalArray(value, node.params);
      case 'filter': return this.evalFilter(value, node);
      case 'int': case 'bool': return value.map(() => node.value);
      case 'float': return value.map(() => new GoFloat(node.value));
      case 'wildcard': return this.evalWildcard(value);
      case 'recursive': return this.evalRecursive(value, 0);
      case 'union': return node.nodes.flatMap((l) => this.evalList(value, l));
      case 'identifier': return this.evalIdentifier(value, node.name);
    }
  }

  private evalList(value: Results, node: Node & { type: 'list' }): Results {
    let cur = value;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private evalIdentifier(input: Results, name: string): Results {
    if (name === 'range') {
      this.beginRange++;
      return input;
    }
    if (name === 'end') {
      if (this.inRange > 0) {
        this.endRange++;
        return [];
      }
      throw new EvalError('not in range, nothing to end');
    }
    throw new EvalError(`unrecognized identifier ${name}`);
  }

  private evalArray(input: Results, p: [Param, Param, Param]): Results {
    const result: Results = [];
    for (const value of input) {
      if (isNil(value)) continue;
      if (!Array.isArray(value)) {
        if (typeof value === 'string') throw new EvalError('string is not array or slice');
        throw new EvalError(`${goType(value)} is not array or slice`);
      }
      const params = p.map((x) => ({ ...x }));
      const len = value.length;
      if (!params[0]!.known) params[0]!.value = 0;
      if (params[0]!.value < 0) params[0]!.value += len;
      if (!params[1]!.known) params[1]!.value = len;
      if (params[1]!.value < 0 || (params[1]!.value === 0 && params[1]!.derived)) params[1]!.value += len;
      const [a, b] = [params[0]!.value, params[1]!.value];
      if (b === a) return result;
      if (a >= len || a < 0) throw new EvalError(`array index out of bounds: index ${a}, length ${len}`);
      if (b > len || b < 0) throw new EvalError(`array index out of bounds: index ${b - 1}, length ${len}`);
      if (a > b) throw new EvalError(`starting index ${a} is greater than ending index ${b}`);
      const slice = value.slice(a, b);
      let step = 1;
      if (params[2]!.known) {
        if (params[2]!.value <= 0) throw new EvalError('step must be > 0');
        step = params[2]!.value;
      }
      for (let i = 0; i < slice.length; i += step) result.push(slice[i]);
    }
    return result;
  }

  private evalField(input: Results, name: string): Results {
    const results: Results = [];
    if (input.length === 0) return results;
    for (const value of input) {
      if (isNil(value)) continue;
      const o = obj(value);
      // An undefined field is an absent one, as in the object's JSON.
      if (o && Object.prototype.hasOwnProperty.call(o, name) && o[name] !== undefined) results.push(o[name]);
    }
    if (results.length === 0) {
      if (this.allowMissingKeys) return results;
      throw new EvalError(`${name} is not found`);
    }
    return results;
  }

  private children(value: unknown): Results {
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return [...Buffer_bytes(value)];
    const o = obj(value);
    return o ? Object.values(o).filter((v) => v !== undefined) : [];
  }

  private evalWildcard(input: Results): Results {
    const results: Results = [];
    for (const value of input) if (!isNil(value)) results.push(...this.children(value));
    return results;
  }

  private evalRecursive(input: Results, depth: number): Results {
    if (depth > 200) throw new EvalError('recursive descent too deep');
    const result: Results = [];
    for (const value of input) {
      if (isNil(value)) continue;
      const results = this.children(value);
      if (results.length !== 0) {
        result.push(value);
        result.push(...this.evalRecursive(results, depth + 1));
      }
    }
    return result;
  }

  private evalFilter(input: Results, node: Node & { type: 'filter' }): Results {
    const results: Results = [];
    for (const value of input) {
      if (!Array.isArray(value)) throw new EvalError(`${goValue(value)} is not array or slice and cannot be filtered`);
      for (const item of value) {
        const temp = [item];
        if (node.operator === 'exists') {
          let lefts: Results = [];
          try {
            lefts = this.evalList(temp, node.left);
          } catch (e) {
            if (!(e instanceof EvalError)) throw e;
          }
          if (lefts.length > 0) results.push(item);
          continue;
        }
        const lefts = this.evalList(temp, node.left);
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new EvalError('can only compare one element at a time');
        const rights = this.evalList(temp, node.right);
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new EvalError('can only compare one element at a time');
        if (compare(lefts[0], rights[0], node.operator)) results.push(item);
      }
    }
    return results;
  }
}

/** A string's bytes, as Go's reflect indexes a string (UTF-8 bytes, each a uint8). */
function Buffer_bytes(s: string): number[] {
  return [...new TextEncoder().encode(s)];
}

/**
 * A float literal of the template ("2.0"): Go keeps it a float64, so comparing it with an integer field is an error
 * ("incompatible types for comparison") even when the values are equal.
 */
class GoFloat {
  constructor(readonly value: number) {}
}

type Basic = 'bool' | 'int' | 'float' | 'string';
function basicKind(v: unknown): Basic {
  if (v instanceof GoFloat) return 'float';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return isInt64(v) ? 'int' : 'float';
  if (typeof v === 'string') return 'string';
  throw new EvalError('invalid type for comparison');
}

/** client-go's forked text/template funcs: eq, ne, lt, le, gt, ge. */
const OPERATORS = new Set(['==', '!=', '<', '>', '<=', '>=']);

function compare(left: unknown, right: unknown, op: string): boolean {
  if (!OPERATORS.has(op)) throw new EvalError(`unrecognized filter operator ${op}`);
  const k1 = basicKind(left);
  const k2 = basicKind(right);
  if (k1 !== k2) throw new EvalError('incompatible types for comparison');
  if (left instanceof GoFloat) left = left.value;
  if (right instanceof GoFloat) right = right.value;
  switch (op) {
    case '==': return left === right;
    case '!=': return left !== right;
  }
  if (k1 === 'bool') throw new EvalError('invalid type for comparison');
  const l = left as number | string;
  const r = right as number | string;
  switch (op) {
    case '<': return l < r;
    case '>': return l > r;
    case '<=': return l <= r;
    case '>=': return l >= r;
  }
  throw new EvalError(`unrecognized filter operator ${op}`);
}

/** One value as PrintResults writes it: maps and arrays as compact JSON, null as "null", the rest with fmt.Print. */
export function printValue(v: unknown): string {
  if (v === NO_VALUE) return '<no value>';
  if (v instanceof GoFloat) return goSprint(v.value);
  if (Array.isArray(v) || (typeof v === 'object' && v !== null)) return goJsonMarshal(v);
  if (v === null || v === undefined) return 'null';
  return goSprint(v);
}

/** jsonpath.go FindResults: each action's list of values, for callers that print them themselves. */
export function findJsonPathResults(p: JsonPath, data: unknown): unknown[][] | { error: string } {
  try {
    return new Evaluator(p.allowMissingKeys)
      .findResults(data, p.root.nodes)
      .map((list) => list.filter((v) => v !== NO_VALUE).map((v) => (v instanceof GoFloat ? v.value : v)));
  } catch (e) {
    if (e instanceof EvalError) return { error: e.message };
    if (e instanceof RangeError) return { error: 'template evaluation too deep' };
    return { error: String(e) };
  }
}

/** jsonpath.go Execute: the text the template prints for `data`, or upstream's error message. */
export function printJsonPath(p: JsonPath, data: unknown): string | { error: string } {
  let results: unknown[][];
  try {
    results = new Evaluator(p.allowMissingKeys).findResults(data === null || data === undefined ? NO_VALUE : data, p.root.nodes);
  } catch (e) {
    if (e instanceof EvalError) return { error: e.message };
    if (e instanceof RangeError) return { error: 'template evaluation too deep' };
    return { error: String(e) };
  }
  let out = '';
  for (const list of results) out += list.map(printValue).join(' ');
  return out;
}

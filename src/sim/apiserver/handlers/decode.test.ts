import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../engine/clone-graph.ts';
import type { KubeObject } from '../../api/object.ts';
import { copyBody } from './decode.ts';

type Json = Record<string, unknown>;

/** The outcome of a copy: the draft's JSON and the size estimate, or the error's message. */
function outcome(body: Json, statusWrite: boolean, stored?: Json): { json?: string; bytes?: number; error?: string } {
  try {
    const { draft, bytes } = copyBody(body, statusWrite, stored as KubeObject | undefined);
    return { json: JSON.stringify(draft), bytes };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** `depth` nested single-key objects around `leaf`. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('decode: a /status body copies only metadata and status', () => {
  it('gives the whole copy\'s JSON, size estimate and error, whatever is frozen or measured before (property)', () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    const bad = fc.constantFrom<unknown>(undefined, () => 1, Symbol('s'), 1n, { f: () => 1 });
    const field = fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: bad });
    const body = fc.record(
      {
        apiVersion: fc.constant('v1'),
        kind: fc.constant('Pod'),
        metadata: fc.record({ name: fc.constant('p'), managedFields: field, labels: field }, { requiredKeys: ['name'] }),
        spec: field,
        status: field,
        extra: field,
      },
      { requiredKeys: ['metadata'] },
    );
    fc.assert(
      fc.property(body, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.boolean(), (b, freeze, twice) => {
        const meta = b.metadata as Json;
        const parts: [Json, string][] = [[b, 'spec'], [b, 'status'], [b, 'extra'], [meta, 'managedFields']];
        parts.forEach(([o, k], i) => {
          if (freeze[i] && typeof o[k] === 'object' && o[k] !== null) deepFreeze(o[k]);
        });
        const plain = outcome(b, false);
        if (twice) outcome(b, true); // frozen parts are now measured and remembered
        expect(outcome(b, true)).toEqual(plain);
      }),
      { seed: 23, numRuns: 400 },
    );
  });

  it('with the stored object: the same JSON, size and error, equal parts shared from it and nothing shared with the body (property)', () => {
    const scalar = fc.oneof(fc.constantFrom<unknown>('a', 'b', 0, 1, -0, true, null, undefined, Number.NaN), fc.string({ maxLength: 2 }));
    const bad = fc.constantFrom<unknown>(() => 1, Symbol('s'), 1n);
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        { weight: 4, arbitrary: scalar },
        { weight: 1, arbitrary: bad },
        { weight: 3, arbitrary: fc.array(tie('tree'), { maxLength: 3 }) },
        { weight: 3, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), tie('tree'), { maxKeys: 3 }) },
      ),
    }));
    // The stored status: the body's own (reordered or edited here and there) or unrelated.
    const edit = (v: unknown, rnd: () => number): unknown => {
      if (typeof v !== 'object' || v === null) return rnd() < 0.15 ? 'x' : v;
      if (Array.isArray(v)) {
        const out = v.map((x) => edit(x, rnd));
        if (rnd() < 0.1) out.push(1);
        return out;
      }
      const keys = Object.keys(v);
      if (rnd() < 0.1) keys.reverse();
      const out: Json = {};
      for (const k of keys) if (rnd() > 0.05) Object.defineProperty(out, k, { value: edit((v as Json)[k], rnd), enumerable: true, writable: true, configurable: true });
      return out;
    };
    fc.assert(
      fc.property(tree, tree, fc.boolean(), fc.integer(), (status, labels, related, seed) => {
        let x = seed;
        const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
        const body: Json = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels }, status };
        const stored = deepFreeze({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: related ? edit(labels, rnd) : 'x' }, status: related ? edit(status, rnd) : { a: 1 } });
        const plain = outcome(body, false);
        expect(outcome(body, true, stored)).toEqual(plain);
        if (plain.error !== undefined) return;
        // Every object of the draft is its own or one of the stored object's (frozen), never one of the body's.
        const bodyObjects = new Set<unknown>();
        const collect = (v: unknown) => {
          if (typeof v !== 'object' || v === null) return;
          bodyObjects.add(v);
          for (const c of Object.values(v)) collect(c);
        };
        collect(body);
        const { draft } = copyBody(body, true, stored as KubeObject);
        const check = (v: unknown) => {
          if (typeof v !== 'object' || v === null) return;
          expect(bodyObjects.has(v)).toBe(false);
          for (const c of Object.values(v)) check(c);
        };
        check(draft);
        // A status equal to the stored one, keys in the same order, is the stored one.
        if (JSON.stringify(stored.status) === JSON.stringify(status) && typeof status === 'object' && status !== null && !JSON.stringify(status).includes('__proto__') && !hasUndefinedOrNaN(status)) {
          expect(draft.status).toBe(stored.status);
        }
      }),
      { seed: 31, numRuns: 1500 },
    );
  });

  it('a frozen subtree measured once still fails the depth limit where it lies deeper', () => {
    const deep = deepFreeze(nested(999, 1));
    const shallow = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: deep };
    expect(outcome(shallow, true)).toEqual(outcome(shallow, false));
    expect(outcome(shallow, true).error).toBeUndefined();
    const deeper = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { x: { y: deep } } };
    expect(outcome(deeper, true)).toEqual(outcome(deeper, false));
    expect(outcome(deeper, true).error).toBe('object nesting too deep');
  });

  it('shares what it does not copy and copies what the write uses', () => {
    const spec = deepFreeze({ containers: [{ name: 'a' }] });
    const managedFields = deepFreeze([{ manager: 'm' }]);
    const status = { phase: 'Running' };
    const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', managedFields, labels: { a: 'b' } }, spec, status };
    const { draft } = copyBody(body, true);
    expect(draft.spec).toBe(spec);
    expect(draft.metadata.managedFields).toBe(managedFields);
    expect(draft.status).not.toBe(status);
    expect(draft.metadata).not.toBe(body.metadata);
    expect(draft.metadata.labels).not.toBe(body.metadata.labels);
  });
});

function hasUndefinedOrNaN(v: unknown): boolean {
  if (v === undefined || Number.isNaN(v)) return true;
  if (typeof v !== 'object' || v === null) return false;
  return Object.values(v).some(hasUndefinedOrNaN);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { copyBody } from './decode.ts';

type Json = Record<string, unknown>;

/** The outcome of a copy: the draft's JSON and the size estimate, or the error's message. */
function outcome(body: Json, statusWrite: boolean): { json?: string; bytes?: number; error?: string } {
  try {
    const { draft, bytes } = copyBody(body, statusWrite);
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

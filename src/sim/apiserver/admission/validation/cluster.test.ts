import { describe, expect, it } from 'vitest';
import { createErrors } from '../test-fixtures.ts';

describe('Node validation', () => {
  it('rejects an unknown taint effect and duplicate key/effect pairs', () => {
    expect(createErrors('Node', (o) => (o.spec.taints = [{ key: 'k', effect: 'NoRun' }]))).toBe(
      'spec.taints[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    );
    const dup = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };
    expect(createErrors('Node', (o) => (o.spec.taints = [dup, { ...dup }]))).toMatch(/^spec\.taints\[1\]: Duplicate value: /);
  });

  it('rejects a taint without a key', () => {
    expect(createErrors('Node', (o) => (o.spec.taints = [{ effect: 'NoSchedule' }]))).toBe('spec.taints[0].key: Required value');
  });
});

describe('Namespace validation', () => {
  it('names are DNS labels, so dots are rejected', () => {
    expect(createErrors('Namespace', (o) => (o.metadata.name = 'team.a'))).toMatch(/^metadata\.name: Invalid value: "team\.a": a lowercase RFC 1123 label must consist of/);
  });

  it('rejects an unqualified non-standard finalizer', () => {
    expect(createErrors('Namespace', (o) => (o.spec = { finalizers: ['mine'] }))).toBe(
      'spec.finalizers[0]: Invalid value: "mine": name is neither a standard finalizer name nor is it fully qualified',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { defaulted } from './test-fixtures.ts';

const NOT_READY = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const UNREACHABLE = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tolerations = (edit?: (o: any) => void) => (defaulted('Pod', edit).spec as { tolerations: unknown[] }).tolerations;

describe('DefaultTolerationSeconds', () => {
  it('a pod gets the not-ready and unreachable NoExecute tolerations for 300 s', () => {
    expect(tolerations()).toEqual([NOT_READY, UNREACHABLE]);
  });

  it('keeps an existing toleration for one taint and adds only the other', () => {
    const own = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 6000 };
    expect(tolerations((o) => (o.spec.tolerations = [own]))).toEqual([own, NOT_READY]);
  });

  it('adds nothing when a toleration with an empty effect already matches', () => {
    const own = [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }, { key: 'node.kubernetes.io/unreachable', operator: 'Exists' }];
    expect(tolerations((o) => (o.spec.tolerations = own))).toEqual(own);
  });

  it('adds nothing when a toleration tolerates every taint', () => {
    expect(tolerations((o) => (o.spec.tolerations = [{ operator: 'Exists' }]))).toEqual([{ operator: 'Exists' }]);
  });

  it('still adds both when the existing tolerations are for NoSchedule', () => {
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' };
    expect(tolerations((o) => (o.spec.tolerations = [own]))).toEqual([own, NOT_READY, UNREACHABLE]);
  });
});

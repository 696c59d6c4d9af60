/**
 * Representative cases of k8s.io/apimachinery/pkg/util/strategicpatch/patch_test.go
 * (`mergeItemTestCases`/`StrategicMergePatch` tables: merging lists, `$patch` directives, primitive lists,
 * `$setElementOrder`, `$retainKeys`), restated on real Pod and Deployment fields.
 */
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';
import { PatchError } from './patch-error.ts';

const POD = { group: '', version: 'v1', kind: 'Pod' };
const DEPLOYMENT = { group: 'apps', version: 'v1', kind: 'Deployment' };

function statusOf(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatchError) return e.status;
    throw e;
  }
  throw new Error('expected a PatchError');
}

const pod = (spec: unknown, metadata: unknown = { name: 'p' }): unknown => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });

describe('applyStrategicMergePatch: merging lists by their patchMergeKey', () => {
  const twoContainers = pod({
    containers: [
      { name: 'web', image: 'nginx:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80 }] },
      { name: 'sidecar', image: 'envoy:1' },
    ],
  });

  it('merges a container by name, leaving the other containers alone', () => {
    const out = applyStrategicMergePatch(twoContainers, { spec: { containers: [{ name: 'web', image: 'nginx:2' }] } }, POD);
    expect(out).toEqual(
      pod({
        containers: [
          { name: 'web', image: 'nginx:2', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80 }] },
          { name: 'sidecar', image: 'envoy:1' },
        ],
      }),
    );
  });

  it('puts a container whose name is new first (upstream normalizeElementOrder; the kubectl patch docs show it)', () => {
    // kubernetes.io "Update API Objects in Place Using kubectl patch": patching in patch-demo-ctr-2 (redis)
    // yields [patch-demo-ctr-2, patch-demo-ctr].
    const demo = pod({ containers: [{ name: 'patch-demo-ctr', image: 'nginx' }] });
    const out = applyStrategicMergePatch(demo, { spec: { containers: [{ name: 'patch-demo-ctr-2', image: 'redis' }] } }, POD);
    expect(out).toEqual(pod({ containers: [{ name: 'patch-demo-ctr-2', image: 'redis' }, { name: 'patch-demo-ctr', image: 'nginx' }] }));

    const three = applyStrategicMergePatch(twoContainers, { spec: { containers: [{ name: 'log', image: 'fluentd' }] } }, POD) as {
      spec: { containers: Array<{ name: string }> };
    };
    expect(three.spec.containers.map((c) => c.name)).toEqual(['log', 'web', 'sidecar']);
  });

  it('patch items keep the patch order, live-only items their live order, interleaved by live position', () => {
    const abc = pod({ containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    const out = applyStrategicMergePatch(abc, { spec: { containers: [{ name: 'c', image: '2' }, { name: 'new' }] } }, POD) as {
      spec: { containers: Array<{ name: string }> };
    };
    expect(out.spec.containers.map((c) => c.name)).toEqual(['a', 'b', 'c', 'new']);
  });

  it('deletes one item from a merging list with $patch: delete', () => {
    const out = applyStrategicMergePatch(twoContainers, { spec: { containers: [{ name: 'sidecar', $patch: 'delete' }] } }, POD) as {
      spec: { containers: Array<{ name: string }> };
    };
    expect(out.spec.containers.map((c) => c.name)).toEqual(['web']);
  });

  it('replaces the whole list with a {$patch: replace} item', () => {
    const out = applyStrategicMergePatch(
      twoContainers,
      { spec: { containers: [{ name: 'only', image: 'busybox' }, { $patch: 'replace' }] } },
      POD,
    );
    expect(out).toEqual(pod({ containers: [{ name: 'only', image: 'busybox' }] }));
  });

  it('replaces a list that has no merge strategy (tolerations, command)', () => {
    const target = pod({ tolerations: [{ key: 'a' }, { key: 'b' }], containers: [{ name: 'web', command: ['a', 'b'] }] });
    const out = applyStrategicMergePatch(target, { spec: { tolerations: [{ key: 'c' }], containers: [{ name: 'web', command: ['c'] }] } }, POD);
    expect(out).toEqual(pod({ tolerations: [{ key: 'c' }], containers: [{ name: 'web', command: ['c'] }] }));
  });

  it('merges ownerReferences by uid and conditions by type', () => {
    const target = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', ownerReferences: [{ uid: 'u1', name: 'rs-1' }] },
      status: { conditions: [{ type: 'Ready', status: 'False' }, { type: 'PodScheduled', status: 'True' }] },
    };
    const out = applyStrategicMergePatch(
      target,
      { metadata: { ownerReferences: [{ uid: 'u2', name: 'rs-2' }] }, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
      POD,
    );
    expect(out).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', ownerReferences: [{ uid: 'u2', name: 'rs-2' }, { uid: 'u1', name: 'rs-1' }] },
      status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'PodScheduled', status: 'True' }] },
    });
  });

  it('finds the pod template of a Deployment (spec.template.spec.containers)', () => {
    const d = { spec: { replicas: 1, template: { spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }] } } } };
    const out = applyStrategicMergePatch(d, { spec: { template: { spec: { containers: [{ name: 'b', image: 'b:2' }] } } } }, DEPLOYMENT);
    expect(out).toEqual({ spec: { replicas: 1, template: { spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:2' }] } } } });
  });

  it('a merging-list item without its merge key fails with mergepatch\'s text (a 500 upstream: not an API status)', () => {
    const s = statusOf(() => applyStrategicMergePatch(twoContainers, { spec: { containers: [{ image: 'x', ports: [{ containerPort: 1 }] }] } }, POD));
    expect(s).toMatchObject({ code: 500, message: 'map: map[image:x ports:[map[containerPort:1]]] does not contain declared merge key: name' });
  });
});

describe('applyStrategicMergePatch: maps and directives', () => {
  it('null deletes a key; other keys merge', () => {
    const target = pod({}, { name: 'p', labels: { app: 'web', tier: 'fe' } });
    expect(applyStrategicMergePatch(target, { metadata: { labels: { tier: null, env: 'prod' } } }, POD)).toEqual(
      pod({}, { name: 'p', labels: { app: 'web', env: 'prod' } }),
    );
  });

  it('$patch: replace on a map replaces it', () => {
    const target = pod({}, { name: 'p', labels: { app: 'web', tier: 'fe' } });
    expect(applyStrategicMergePatch(target, { metadata: { labels: { $patch: 'replace', only: 'this' } } }, POD)).toEqual(
      pod({}, { name: 'p', labels: { only: 'this' } }),
    );
  });

  it('$patch: delete on a map removes it', () => {
    const target = pod({}, { name: 'p', labels: { app: 'web' } });
    expect(applyStrategicMergePatch(target, { metadata: { labels: { $patch: 'delete' } } }, POD)).toEqual(pod({}, { name: 'p' }));
  });

  it('an unknown $patch value fails with mergepatch\'s text', () => {
    expect(statusOf(() => applyStrategicMergePatch(pod({}), { spec: { $patch: 'explode' } }, POD)).message).toBe('unknown patch type: explode in map: map[$patch:explode]');
  });

  it('malformed directives are 400 BadRequest; lists of lists 422', () => {
    const d = { spec: { strategy: { type: 'RollingUpdate' } } };
    expect(statusOf(() => applyStrategicMergePatch(d, { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: {} } } }, DEPLOYMENT))).toMatchObject({
      code: 400,
      message: 'invalid patch format of retainKeys',
    });
    expect(statusOf(() => applyStrategicMergePatch(pod({}), { spec: { '$setElementOrder/containers': 'x' } }, POD))).toMatchObject({
      code: 400,
      message: 'invalid patch format of setElementOrder list',
    });
    expect(statusOf(() => applyStrategicMergePatch(pod({}, { name: 'p', finalizers: ['a'] }), { metadata: { finalizers: [['b']] } }, POD)).code).toBe(422);
  });

  it('finalizers merge as a set of primitives; $deleteFromPrimitiveList removes some', () => {
    const target = pod({}, { name: 'p', finalizers: ['a', 'b'] });
    expect(applyStrategicMergePatch(target, { metadata: { finalizers: ['b', 'c'] } }, POD)).toEqual(
      pod({}, { name: 'p', finalizers: ['a', 'b', 'c'] }),
    );
    expect(applyStrategicMergePatch(target, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }, POD)).toEqual(
      pod({}, { name: 'p', finalizers: ['b'] }),
    );
  });

  it('a $patch: merge item in a list is refused, as upstream does not support it', () => {
    expect(() => applyStrategicMergePatch(pod({ containers: [{ name: 'a' }] }), { spec: { containers: [{ name: 'a', $patch: 'merge' }] } }, POD)).toThrow(
      'merging lists cannot yet be specified in the patch',
    );
  });

  it('$setElementOrder orders the merged list (kubectl apply sends it)', () => {
    const target = pod({ containers: [{ name: 'a' }, { name: 'b' }] });
    const out = applyStrategicMergePatch(
      target,
      { spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'b' }, { name: 'a' }], containers: [{ name: 'c' }] } },
      POD,
    );
    expect(out).toEqual(pod({ containers: [{ name: 'c' }, { name: 'b' }, { name: 'a' }] }));
  });

  it('$retainKeys clears the keys it does not list (Deployment strategy: Recreate drops rollingUpdate)', () => {
    const d = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } };
    const out = applyStrategicMergePatch(d, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }, DEPLOYMENT);
    expect(out).toEqual({ spec: { strategy: { type: 'Recreate' } } });
  });

  it('volumes merge by name with retainKeys: switching a volume source drops the old one', () => {
    const target = pod({ volumes: [{ name: 'data', emptyDir: {} }, { name: 'cfg', configMap: { name: 'c1' } }] });
    const out = applyStrategicMergePatch(target, { spec: { volumes: [{ name: 'data', $retainKeys: ['name', 'hostPath'], hostPath: { path: '/d' } }] } }, POD);
    expect(out).toEqual(pod({ volumes: [{ name: 'data', hostPath: { path: '/d' } }, { name: 'cfg', configMap: { name: 'c1' } }] }));
  });

  it('a patch that is not an object is a 400', () => {
    expect(() => applyStrategicMergePatch({}, [1], POD)).toThrow(/cannot unmarshal array/);
  });

  it('leaves the target untouched', () => {
    const target = Object.freeze({ spec: Object.freeze({ containers: Object.freeze([Object.freeze({ name: 'a', image: '1' })]) }) });
    applyStrategicMergePatch(target, { spec: { containers: [{ name: 'a', image: '2' }] } }, POD);
    expect(target.spec.containers[0]!.image).toBe('1');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { BUILTIN_RESOURCES } from '../../api/resources.ts';
import { serverSideApply, updateManagedFields } from './field-manager.ts';

const info = BUILTIN_RESOURCES.find((r) => r.kind === 'Deployment')!;
const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T00:01:00Z';
const T2 = '2026-01-01T00:02:00Z';

interface Cfg {
  replicas?: number;
  labels?: Record<string, string>;
  containers?: Array<{ name: string; image?: string; env?: Array<{ name: string; value: string }> }>;
}

function deployment(c: Cfg): KubeObject {
  const spec: Record<string, unknown> = {};
  if (c.replicas !== undefined) spec.replicas = c.replicas;
  if (c.containers) spec.template = { spec: { containers: c.containers } };
  const metadata: KubeObject['metadata'] = { name: 'web', namespace: 'default' };
  if (c.labels) metadata.labels = c.labels;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec };
}

function apply(live: KubeObject | undefined, c: Cfg | KubeObject, manager: string, time = T0, force = false) {
  const applied = 'kind' in c ? (c as KubeObject) : deployment(c as Cfg);
  return serverSideApply(live, applied, { manager, force, time, info });
}

function applyOk(live: KubeObject | undefined, c: Cfg, manager: string, time = T0, force = false): KubeObject {
  const r = apply(live, c, manager, time, force);
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
}

/** A non-apply write (kubectl edit / scale / a controller's update) with its managedFields, as the api-server does it. */
function update(live: KubeObject, change: (o: KubeObject & { spec: Record<string, unknown> }) => void, manager: string, time = T1): KubeObject {
  const next = structuredClone(live) as KubeObject & { spec: Record<string, unknown> };
  change(next);
  next.metadata.managedFields = updateManagedFields(live, next, { manager, operation: 'Update', time });
  return next;
}

const managers = (o: KubeObject) => (o.metadata.managedFields ?? []).map((e) => `${e.manager}/${e.operation}`);
const spec = (o: KubeObject) => o.spec as { replicas?: number; template?: { spec: { containers: Array<Record<string, unknown>> } } };

describe('serverSideApply', () => {
  it('creates by apply: the object is the configuration and the manager owns exactly its fields', () => {
    const obj = applyOk(undefined, { replicas: 2, labels: { app: 'web' }, containers: [{ name: 'web', image: 'nginx:1' }] }, 'kubectl');
    expect(obj.spec).toEqual({ replicas: 2, template: { spec: { containers: [{ name: 'web', image: 'nginx:1' }] } } });
    expect(obj.metadata.managedFields).toEqual([
      {
        manager: 'kubectl',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        time: T0,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
          },
        },
      },
    ]);
  });

  it('re-applying an unchanged configuration is a no-op (object and managedFields, time included)', () => {
    const cfg = { replicas: 2, containers: [{ name: 'web', image: 'nginx:1' }] };
    const once = applyOk(undefined, cfg, 'kubectl', T0);
    const twice = applyOk(once, cfg, 'kubectl', T1);
    expect(twice).toEqual(once);
  });

  it('two managers own different fields of one object, and both values survive', () => {
    const a = applyOk(undefined, { replicas: 2, containers: [{ name: 'web', image: 'nginx:1' }] }, 'team-a');
    const b = applyOk(a, { labels: { owner: 'team-b' } }, 'team-b', T1);
    expect(b.metadata.labels).toEqual({ owner: 'team-b' });
    expect(spec(b).replicas).toBe(2);
    expect(managers(b)).toEqual(['team-a/Apply', 'team-b/Apply']);
  });

  it('a conflicting value owned by another applier is refused with upstream\'s message', () => {
    const a = applyOk(undefined, { replicas: 2 }, 'team-a');
    const r = apply(a, { replicas: 5 }, 'team-b', T1);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.code).toBe(409);
    expect(r.status.reason).toBe('Conflict');
    expect(r.status.message).toBe('Apply failed with 1 conflict: conflict with "team-a": .spec.replicas');
    expect(r.status.details?.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "team-a"', field: '.spec.replicas' }]);
  });

  it('several conflicts are grouped by manager, managers sorted, Update managers with their version', () => {
    let obj = applyOk(undefined, { replicas: 2, labels: { app: 'web' } }, 'zeta');
    obj = update(obj, (o) => (o.spec.replicas = 3), 'foo', '2001-02-03T04:05:06Z');
    obj = update(obj, (o) => (o.metadata.labels = { app: 'web2' }), 'bar', '2001-02-03T04:05:07Z');
    const r = apply(obj, { replicas: 9, labels: { app: 'mine' } }, 'me', T2);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "bar" using apps/v1:\n' +
        '- .metadata.labels.app\n' +
        'conflicts with "foo" using apps/v1:\n' +
        '- .spec.replicas',
    );
    expect(r.status.details?.causes?.map((c) => c.field)).toEqual(['.metadata.labels.app', '.spec.replicas']);
  });

  it('applying the value another manager already set is not a conflict: both share the field', () => {
    const a = applyOk(undefined, { replicas: 2 }, 'team-a');
    const b = applyOk(a, { replicas: 2 }, 'team-b', T1);
    // team-b changed nothing, so it has no time and sorts first (sortEncodedManagedFields).
    expect(managers(b)).toEqual(['team-b/Apply', 'team-a/Apply']);
  });

  it('force takes ownership: the value changes and the previous owner loses the field', () => {
    const a = applyOk(undefined, { replicas: 2, labels: { app: 'web' } }, 'team-a');
    const b = applyOk(a, { replicas: 5 }, 'team-b', T1, true);
    expect(spec(b).replicas).toBe(5);
    const entryA = b.metadata.managedFields!.find((e) => e.manager === 'team-a')!;
    expect(entryA.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { 'f:app': {} } } });
  });

  it('a field dropped from the applied configuration is deleted when no one else owns it', () => {
    const a = applyOk(undefined, { labels: { app: 'web', tier: 'fe' } }, 'kubectl');
    const b = applyOk(a, { labels: { app: 'web' } }, 'kubectl', T1);
    expect(b.metadata.labels).toEqual({ app: 'web' });
  });

  it('a field dropped from the applied configuration stays when another manager owns it too', () => {
    const a = applyOk(undefined, { labels: { app: 'web', tier: 'fe' } }, 'kubectl');
    const shared = applyOk(a, { labels: { tier: 'fe' } }, 'other', T1);
    const b = applyOk(shared, { labels: { app: 'web' } }, 'kubectl', T2);
    expect(b.metadata.labels).toEqual({ app: 'web', tier: 'fe' });
  });

  it('a dropped container is deleted, unless another manager owns a field inside it', () => {
    const two = { containers: [{ name: 'web', image: 'nginx' }, { name: 'sidecar', image: 'envoy:1' }] };
    const a = applyOk(undefined, two, 'kubectl');
    expect(spec(applyOk(a, { containers: [{ name: 'web', image: 'nginx' }] }, 'kubectl', T1)).template!.spec.containers).toEqual([{ name: 'web', image: 'nginx' }]);

    const edited = update(a, (o) => ((spec(o).template!.spec.containers[1]!.image = 'envoy:2')), 'kubectl-edit');
    const b = applyOk(edited, { containers: [{ name: 'web', image: 'nginx' }] }, 'kubectl', T2);
    expect(spec(b).template!.spec.containers.map((c) => c.name)).toEqual(['web', 'sidecar']);
  });

  it('kubectl apply after kubectl edit: the classic conflict, then --force-conflicts wins', () => {
    const cfg = { replicas: 3, containers: [{ name: 'web', image: 'nginx:1' }] };
    const applied = applyOk(undefined, cfg, 'kubectl');
    const edited = update(applied, (o) => (o.spec.replicas = 5), 'kubectl-edit', '2026-01-01T00:01:00.123Z');
    expect(managers(edited)).toEqual(['kubectl/Apply', 'kubectl-edit/Update']);

    // Changing the image only: no conflict, the edited replicas stay.
    const imageOnly = apply(edited, { ...cfg, replicas: 5, containers: [{ name: 'web', image: 'nginx:2' }] }, 'kubectl', T2);
    expect(imageOnly.ok).toBe(true);

    const r = apply(edited, cfg, 'kubectl', T2);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-edit" using apps/v1: .spec.replicas');

    const forced = applyOk(edited, cfg, 'kubectl', T2, true);
    expect(spec(forced).replicas).toBe(3);
    expect(managers(forced)).toEqual(['kubectl/Apply']);
  });

  it('ignores status on the main resource and applies only status through the status subresource', () => {
    const withStatus = { ...deployment({ replicas: 1 }), status: { replicas: 7 } };
    const r = serverSideApply(undefined, withStatus, { manager: 'kubectl', force: false, time: T0, info });
    expect(r.ok && r.object.status).toBeUndefined();

    const live = r.ok ? r.object : undefined;
    const s = serverSideApply(live, { ...deployment({ replicas: 99 }), status: { replicas: 7 } }, { manager: 'ctrl', force: false, subresource: 'status', time: T1, info });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.object.status).toEqual({ replicas: 7 });
    expect(spec(s.object).replicas).toBe(1);
    expect(s.object.metadata.managedFields!.find((e) => e.manager === 'ctrl')).toMatchObject({ subresource: 'status', fieldsV1: { 'f:status': { 'f:replicas': {} } } });
  });

  it('applying the same configuration twice gives the same object as applying it once (property)', () => {
    const name = fc.constantFrom('web', 'sidecar', 'log');
    const cfg = fc.record(
      {
        replicas: fc.integer({ min: 0, max: 5 }),
        labels: fc.dictionary(fc.constantFrom('app', 'tier', 'env'), fc.constantFrom('a', 'b')),
        containers: fc.uniqueArray(
          fc.record({ name, image: fc.constantFrom('x:1', 'x:2'), env: fc.uniqueArray(fc.record({ name: fc.constantFrom('A', 'B'), value: fc.constantFrom('1', '2') }), { selector: (e) => e.name }) }, { requiredKeys: ['name'] }),
          { selector: (c) => c.name },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(cfg, cfg, fc.constantFrom('kubectl', 'other'), (first, second, manager) => {
        const live = applyOk(undefined, first, 'kubectl', T0);
        const r1 = apply(live, second, manager, T1, true);
        if (!r1.ok) return;
        const r2 = apply(r1.object, second, manager, T2, true);
        expect(r2.ok && r2.object).toEqual(r1.object);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('updateManagedFields', () => {
  const base = (): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'u', resourceVersion: '1', labels: { app: 'web' } },
    spec: { replicas: 1, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } }, template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });

  it('a create owns every field it set, in upstream\'s FieldsV1 format', () => {
    expect(updateManagedFields(undefined, base(), { manager: 'kubectl-create', operation: 'Update', time: T0 })).toEqual([
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: T0,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {} }, 'f:type': {} },
            'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
          },
        },
      },
    ]);
  });

  it('the writer gains the fields it changed; others lose them; empty entries disappear', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const scaled = structuredClone(created) as KubeObject & { spec: { replicas: number } };
    scaled.spec.replicas = 4;
    const fields = updateManagedFields(created, scaled, { manager: 'scaler', operation: 'Update', time: T1 });
    expect(fields.map((e) => e.manager)).toEqual(['creator', 'scaler']);
    expect(fields[1]!.fieldsV1).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(JSON.stringify(fields[0]!.fieldsV1)).not.toContain('f:replicas');

    // A manager whose only field is taken over disappears.
    scaled.metadata.managedFields = fields;
    const again = structuredClone(scaled);
    (again.spec as { replicas: number }).replicas = 6;
    expect(updateManagedFields(scaled, again, { manager: 'other', operation: 'Update', time: T2 }).map((e) => e.manager)).toEqual(['creator', 'other']);
  });

  it('a write that changes nothing keeps the entries and their times', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    expect(updateManagedFields(created, structuredClone(created), { manager: 'creator', operation: 'Update', time: T2 })).toEqual(created.metadata.managedFields);
  });

  it('removing a field removes it from every manager', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const next = structuredClone(created);
    delete next.metadata.labels;
    const fields = updateManagedFields(created, next, { manager: 'editor', operation: 'Update', time: T1 });
    expect(fields.map((e) => e.manager)).toEqual(['creator']);
    expect(JSON.stringify(fields[0]!.fieldsV1)).not.toContain('labels');
  });

  it('a status write records its subresource and owns only status', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const next = { ...structuredClone(created), status: { replicas: 1 } };
    (next.spec as { replicas: number }).replicas = 50;
    expect(updateManagedFields(created, next, { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: T1 })).toEqual([
      created.metadata.managedFields[0],
      { manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'apps/v1', time: T1, fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:replicas': {} } }, subresource: 'status' },
    ]);
  });
});

describe('field manager limits and validation', () => {
  it('more than 10 Update managers: the oldest are merged into "ancient-changes"', () => {
    let live: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} };
    for (let i = 0; i < 12; i++) {
      const next = structuredClone(live) as KubeObject & { data: Record<string, string> };
      next.data[`k${i}`] = 'v';
      next.metadata.managedFields = updateManagedFields(live, next, { manager: `m${String(i).padStart(2, '0')}`, operation: 'Update', time: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z` });
      live = next;
    }
    const entries = live.metadata.managedFields!;
    expect(entries).toHaveLength(10);
    const bucket = entries.find((e) => e.manager === 'ancient-changes')!;
    expect(bucket.fieldsV1).toEqual({ 'f:data': { 'f:k0': {}, 'f:k1': {}, 'f:k2': {} } });
    expect(bucket.time).toBe('2026-01-01T00:00:02Z');
    expect(entries.map((e) => e.manager)).not.toContain('m00');
  });

  it('an applied configuration with managedFields, or of another version, is a 400', () => {
    const withFields = deployment({ replicas: 1 });
    withFields.metadata.managedFields = [];
    const r = apply(undefined, withFields, 'kubectl');
    expect(!r.ok && r.status).toMatchObject({ code: 400, message: 'metadata.managedFields must be nil' });
    const wrong = { ...deployment({ replicas: 1 }), apiVersion: 'apps/v1beta1' };
    const r2 = apply(undefined, wrong, 'kubectl');
    expect(!r2.ok && r2.status.message).toBe('Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1');
  });
});

describe('objects that track no fields', () => {
  const untracked = (): KubeObject => ({ ...deployment({ replicas: 1, labels: { app: 'web' } }), metadata: { name: 'web', namespace: 'default', uid: 'u1', labels: { app: 'web' } } });

  it('the first apply records the existing fields as "before-first-apply" and can conflict with them', () => {
    const r = apply(untracked(), { replicas: 3 }, 'kubectl', T1);
    expect(!r.ok && r.status.message).toBe('Apply failed with 1 conflict: conflict with "before-first-apply" using apps/v1: .spec.replicas');
    const same = applyOk(untracked(), { replicas: 1 }, 'kubectl', T1);
    expect(managers(same)).toEqual(['kubectl/Apply', 'before-first-apply/Update']);
  });

  it('an update of an existing object without managedFields does not start tracking', () => {
    const next = untracked();
    (next.spec as { replicas: number }).replicas = 2;
    expect(updateManagedFields(untracked(), next, { manager: 'kubectl-edit', operation: 'Update', time: T1 })).toEqual([]);
  });

  it('an update that sends no managedFields keeps the live ones; a status write always uses the live ones', () => {
    const live = applyOk(undefined, { replicas: 1 }, 'kubectl');
    const next = structuredClone(live);
    delete next.metadata.managedFields;
    (next.metadata as { labels?: Record<string, string> }).labels = { a: 'b' };
    expect(updateManagedFields(live, next, { manager: 'ed', operation: 'Update', time: T1 }).map((e) => e.manager)).toEqual(['kubectl', 'ed']);
  });
});

describe('apply timestamps and status applies', () => {
  it('an applier that changes nothing is recorded without moving (or inventing) a time', () => {
    const a = applyOk(undefined, { replicas: 2 }, 'team-a', T0);
    const b = applyOk(a, { replicas: 2 }, 'team-b', T1);
    const entryB = b.metadata.managedFields!.find((e) => e.manager === 'team-b')!;
    expect(entryB.time).toBeUndefined();
    expect(b.metadata.managedFields!.find((e) => e.manager === 'team-a')!.time).toBe(T0);
  });

  it('a status apply ignores the metadata and spec it carries', () => {
    const live = applyOk(undefined, { replicas: 1 }, 'kubectl');
    const cfg = { ...deployment({ replicas: 9, labels: { sneaky: 'yes' } }), status: { replicas: 1 } };
    const r = serverSideApply(live, cfg, { manager: 'ctrl', force: false, subresource: 'status', time: T1, info });
    expect(r.ok && r.object.metadata.labels).toBeUndefined();
    expect(r.ok && spec(r.object).replicas).toBe(1);
  });
});

describe('defaulted list keys', () => {
  it('re-applying ports without protocol after the server defaulted it to TCP merges into the same port', () => {
    const cfg = { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }] } as unknown as Cfg;
    const created = applyOk(undefined, cfg, 'kubectl');
    // The api-server's defaulting (SetDefaults_ContainerPort) fills protocol after the apply.
    const defaulted = structuredClone(created);
    (spec(defaulted).template!.spec.containers[0]!.ports as Array<Record<string, unknown>>)[0]!.protocol = 'TCP';
    const again = applyOk(defaulted, cfg, 'kubectl', T1);
    expect(spec(again).template!.spec.containers[0]!.ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(again).toEqual(defaulted);
    expect(JSON.stringify(again.metadata.managedFields)).toContain('k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}');
  });
});

describe('sets and atomic fields under apply', () => {
  it('a finalizer dropped from the applied set is removed; one another manager added stays', () => {
    const cfg = (finalizers: string[]): KubeObject => ({ ...deployment({}), metadata: { name: 'web', namespace: 'default', finalizers } });
    const a = serverSideApply(undefined, cfg(['x/a', 'x/b']), { manager: 'kubectl', force: false, time: T0, info });
    if (!a.ok) throw new Error(a.status.message);
    const withOther = serverSideApply(a.object, cfg(['x/c']), { manager: 'other', force: false, time: T1, info });
    if (!withOther.ok) throw new Error(withOther.status.message);
    expect(withOther.object.metadata.finalizers).toEqual(['x/a', 'x/b', 'x/c']);
    const b = serverSideApply(withOther.object, cfg(['x/a']), { manager: 'kubectl', force: false, time: T2, info });
    expect(b.ok && b.object.metadata.finalizers).toEqual(['x/a', 'x/c']);
  });

  it('an atomic selector is replaced whole and owned as one field', () => {
    const sel = (labels: Record<string, string>): KubeObject => ({ ...deployment({}), spec: { selector: { matchLabels: labels } } });
    const a = serverSideApply(undefined, sel({ app: 'web', tier: 'fe' }), { manager: 'kubectl', force: false, time: T0, info });
    if (!a.ok) throw new Error(a.status.message);
    const r = serverSideApply(a.object, sel({ app: 'web' }), { manager: 'other', force: false, time: T1, info });
    expect(!r.ok && r.status.message).toBe('Apply failed with 1 conflict: conflict with "kubectl": .spec.selector');
    const forced = serverSideApply(a.object, sel({ app: 'web' }), { manager: 'other', force: true, time: T1, info });
    expect(forced.ok && forced.object.spec).toEqual({ selector: { matchLabels: { app: 'web' } } });
  });
});

describe('pruning a whole omitted subtree', () => {
  it('dropping every label from the configuration removes the labels and counts as a change', () => {
    const a = applyOk(undefined, { replicas: 1, labels: { app: 'web' } }, 'kubectl', T0);
    const b = applyOk(a, { replicas: 1 }, 'kubectl', T1);
    // typed/remove.go: the emptied labels map goes with its last label.
    expect(b.metadata).not.toHaveProperty('labels');
    expect(a.metadata.labels).toEqual({ app: 'web' });
    expect(b.metadata.managedFields![0]!.time).toBe(T1);
  });

  it('a generated manifest\'s creationTimestamp: null does not touch the live metadata', () => {
    const a = applyOk(undefined, { replicas: 1 }, 'kubectl', T0);
    const live = { ...a, metadata: { ...a.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
    const cfg = deployment({ replicas: 1 });
    (cfg.metadata as Record<string, unknown>).creationTimestamp = null;
    const r = apply(live, cfg, 'kubectl', T1);
    expect(r.ok && r.object.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { serverSideApply } from './field-manager.ts';
import { apply, applyOk, deployment, info, managers, spec, T0, T1, T2, update, type Cfg } from './test-fixtures.ts';

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
    // The causes are in the order found (managedFields order: foo's entry, older, before bar's), not sorted.
    expect(r.status.details?.causes?.map((c) => c.field)).toEqual(['.spec.replicas', '.metadata.labels.app']);
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

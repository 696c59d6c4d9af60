/**
 * A tiny stand-in cluster for testing the scenario runner and the CLI without the real simulation. It stores
 * objects, answers actions, and plays one fake controller: a Deployment becomes ready (`status.readyReplicas` =
 * `spec.replicas`, a `ScalingReplicaSet` event) `readyDelay` ms after it is applied or scaled. Pods named
 * `<deployment>-<n>` are kept in step so selector actions have something to pick.
 *
 * Not a model of Kubernetes: only of the {@link ScenarioHost} contract.
 */
import { parseAllDocuments } from 'yaml';
import type { UserAction } from '../../actions/user-action.ts';
import type { KubeObject } from '../../api/object.ts';
import { rfc3339 } from '../../engine/clock.ts';
import { Trace } from '../../trace/trace.ts';
import { refOf } from '../../trace/trace-event.ts';
import { describeAction } from '../describe.ts';
import { resourceNamesKind } from '../matchers.ts';
import type { ActResult, ScenarioHost } from '../scenario-host.ts';
import type { Scenario } from '../scenario.ts';

interface Timer {
  time: number;
  key: string;
  causeId: number;
}

export class FakeHost implements ScenarioHost {
  now = 0;
  readonly trace: Trace;
  readonly objects = new Map<string, KubeObject>();
  /** Every action received, with its time. */
  readonly acted: Array<{ at: number; action: UserAction }> = [];
  private timers: Timer[] = [];
  private rv = 0;

  constructor(readonly readyDelay = 2000) {
    this.trace = new Trace(this);
  }

  act(action: UserAction): ActResult {
    this.acted.push({ at: this.now, action });
    const id = this.trace.emit('user', { kind: 'user.action', action: action.type, detail: describeAction(action) }, null);
    if (action.type === 'apply' || action.type === 'create') {
      const objs = typeof action.manifests === 'string' ? parseAllDocuments(action.manifests).map((d) => d.toJS() as KubeObject) : (action.manifests as KubeObject[]);
      for (const o of objs) {
        if (!o?.kind || !o.metadata?.name) return { ok: false, error: 'object has no kind or metadata.name', traceId: id };
        const key = this.key(o.kind, o.metadata.namespace, o.metadata.name);
        if (action.type === 'create' && this.objects.has(key)) return { ok: false, error: `${o.kind.toLowerCase()}s "${o.metadata.name}" already exists`, traceId: id };
        this.write(structuredClone(o), id);
      }
      return { ok: true, traceId: id };
    }
    if (action.type === 'scale' || action.type === 'delete' || action.type === 'patch') {
      const obj = this.getObject(action.resource, action.namespace, action.name);
      if (!obj) return { ok: false, error: `${action.resource} "${action.name}" not found`, traceId: id };
      if (action.type === 'delete') {
        this.objects.delete(this.key(obj.kind, obj.metadata.namespace, obj.metadata.name!));
        this.respond('delete', obj, id);
      } else if (action.type === 'scale') {
        this.write({ ...obj, spec: { ...(obj.spec as object), replicas: action.replicas } }, id);
      } else {
        this.write({ ...obj, ...(action.patch as object) } as KubeObject, id);
      }
      return { ok: true, traceId: id };
    }
    if (action.type === 'fault') {
      this.trace.emit('fault', { kind: 'fault.inject', fault: action.fault.type, detail: '' }, id);
      return { ok: true, traceId: id };
    }
    return { ok: false, error: `the fake host does not do ${action.type}`, traceId: id };
  }

  note(detail: string): number {
    return this.trace.emit('scenario', { kind: 'scenario.note', detail }, null);
  }

  runUntil(time: number): void {
    for (;;) {
      const t = this.timers.filter((x) => x.time <= time).sort((a, b) => a.time - b.time)[0];
      if (!t) break;
      this.timers.splice(this.timers.indexOf(t), 1);
      this.now = t.time;
      this.becomeReady(t);
    }
    this.now = Math.max(this.now, time);
  }

  getObject(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    for (const o of this.objects.values()) {
      if (o.metadata.name === name && (o.metadata.namespace ?? 'default') === (namespace ?? 'default') && resourceNamesKind(resource, o.kind)) return o;
    }
    return undefined;
  }

  listObjects(resource: string, namespace?: string, labelSelector?: string): KubeObject[] {
    const want = (labelSelector ?? '').split(',').filter(Boolean).map((s) => s.split('=') as [string, string]);
    return [...this.objects.values()].filter(
      (o) =>
        resourceNamesKind(resource, o.kind) &&
        (namespace === undefined || (o.metadata.namespace ?? 'default') === namespace) &&
        want.every(([k, v]) => o.metadata.labels?.[k] === v),
    );
  }

  isConverged(): { converged: boolean; reasons: string[] } {
    const reasons = this.timers.map((t) => `deployment ${t.key}: not ready yet`);
    return { converged: reasons.length === 0, reasons };
  }

  private key(kind: string, namespace: string | undefined, name: string): string {
    return `${kind}/${namespace ?? 'default'}/${name}`;
  }

  private write(obj: KubeObject, causeId: number): void {
    const existing = this.objects.get(this.key(obj.kind, obj.metadata.namespace, obj.metadata.name!));
    obj.metadata = {
      ...obj.metadata,
      namespace: obj.metadata.namespace ?? 'default',
      resourceVersion: String(++this.rv),
      creationTimestamp: existing?.metadata.creationTimestamp ?? rfc3339(this.now),
    };
    this.objects.set(this.key(obj.kind, obj.metadata.namespace, obj.metadata.name!), obj);
    const resp = this.respond(existing ? 'update' : 'create', obj, causeId);
    if (obj.kind === 'Deployment') this.timers.push({ time: this.now + this.readyDelay, key: `${obj.metadata.namespace}/${obj.metadata.name}`, causeId: resp });
  }

  private respond(verb: 'create' | 'update' | 'delete', obj: KubeObject, causeId: number): number {
    const ref = refOf(obj);
    const requestId = this.rv;
    const req = this.trace.emit('user', { kind: 'api.request', verb, object: ref, requestId }, causeId);
    return this.trace.emit('api-server', { kind: 'api.response', verb, object: ref, requestId, code: verb === 'create' ? 201 : 200, rv: String(this.rv) }, req);
  }

  private becomeReady(t: Timer): void {
    const [ns, name] = t.key.split('/') as [string, string];
    const d = this.getObject('deployment', ns, name);
    if (!d) return;
    const replicas = (d.spec as { replicas?: number }).replicas ?? 1;
    for (const p of this.listObjects('pod', ns, `app=${name}`)) {
      if (Number(p.metadata.name!.slice(name.length + 1)) > replicas) this.objects.delete(this.key('Pod', ns, p.metadata.name!));
    }
    for (let i = 1; i <= replicas; i++) {
      if (!this.getObject('pod', ns, `${name}-${i}`)) this.write({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `${name}-${i}`, namespace: ns, labels: { app: name } } }, t.causeId);
    }
    const e = this.trace.emit('deployment-controller', {
      kind: 'k8s.event',
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: `Scaled deployment ${name} to ${replicas}`,
      involvedObject: refOf(d),
      reportingController: 'deployment-controller',
    }, t.causeId);
    this.write({ ...d, status: { replicas, readyReplicas: replicas } }, e);
    // The status write above re-armed a timer: a real controller would not, so drop it.
    this.timers = this.timers.filter((x) => x.key !== t.key || x.time !== this.now + this.readyDelay);
  }
}

/** A {@link CreateHost} for tests and the CLI's `--fake-host` debugging flag. */
export function createFakeHost(_scenario: Scenario): FakeHost {
  return new FakeHost();
}

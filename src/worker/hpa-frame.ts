/**
 * What the page's load panel and HPA chart need, sampled by the worker: per HorizontalPodAutoscaler its bounds, target
 * and status, the load history of its target Deployment, and a bounded time series of (time, load, desired, current
 * replicas); and the current load of every Deployment the user set one for.
 *
 * @remarks The replica series is sampled once per frame, and only when a value changed: a jump of virtual time in one
 * frame (advance, seek) keeps only its end state. The load line is exact (it is the load model's own steps).
 */
import type { KubeObject } from '../sim/api/object.ts';
import type { LoadModel, LoadStep } from '../sim/metrics/load-model.ts';
import { parseLoadQuantity } from '../sim/metrics/pod-metrics.ts';

/** One point of an HPA's series: virtual ms, total CPU demand (millicores) on its target, replica counts. */
export interface HpaSample {
  t: number;
  loadCpu: number;
  desired: number;
  current: number;
  /** The target Deployment's spec.replicas (what Git, kubectl or the HPA last wrote). */
  spec: number;
}

/** One HPA as the page shows it. */
export interface HpaInfo {
  /** "default/web". */
  key: string;
  namespace: string;
  name: string;
  target: { kind: string; name: string };
  minReplicas: number;
  maxReplicas: number;
  /** Resource cpu target, percent of requests (averageUtilization). */
  targetCpuUtilization?: number;
  currentCpuUtilization?: number;
  currentReplicas: number;
  desiredReplicas: number;
  /** The target's per-pod CPU request in millicores (sum over the template's containers), if set. */
  cpuRequestMillis?: number;
  /** The target workload's load steps (exact, oldest first). */
  load: LoadStep[];
  series: HpaSample[];
}

/** The frame field: HPAs (sorted by key) and the current load of each Deployment that has one. */
export interface HpaFrame {
  hpas: HpaInfo[];
  loads: Array<{ workload: string; cpuMillis: number; memoryBytes: number }>;
}

/** Most samples kept per HPA. */
export const MAX_HPA_SAMPLES = 400;

type Json = Record<string, unknown>;

/** Sum of the template containers' CPU requests, millicores; undefined when none sets one. */
export function templateCpuRequestMillis(deployment: KubeObject | undefined): number | undefined {
  const containers = (((((deployment?.spec as Json | undefined)?.template as Json | undefined)?.spec as Json | undefined)?.containers ?? []) as Json[]);
  let sum = 0;
  let any = false;
  for (const c of containers) {
    const q = ((c.resources as Json | undefined)?.requests as Json | undefined)?.cpu;
    if (typeof q !== 'string' && typeof q !== 'number') continue;
    const m = parseLoadQuantity(String(q), 'cpu');
    if (m === undefined) continue;
    sum += m;
    any = true;
  }
  return any ? sum : undefined;
}

/** Keeps each HPA's series across frames; drops points from the future after time travel backwards. */
export class HpaSampler {
  private readonly series = new Map<string, HpaSample[]>();
  private version = 0;
  private sentVersion = -1;

  /** Forgets everything (a new simulation). */
  clear(): void {
    this.series.clear();
    this.version++;
  }

  /**
   * Samples now. `hpas` are the api-server's HPAs, `deployment` finds a target. Returns the frame field when it changed
   * since the last call that returned one (or `force`), else undefined.
   */
  sample(now: number, hpas: readonly KubeObject[], deployment: (namespace: string, name: string) => KubeObject | undefined, model: LoadModel | undefined, force: boolean): HpaFrame | undefined {
    for (const [key, list] of this.series) {
      let n = list.length;
      while (n > 0 && list[n - 1]!.t > now) n--;
      if (n !== list.length) {
        list.length = n;
        this.version++;
      }
      if (n === 0) this.series.delete(key);
    }
    const infos: HpaInfo[] = [];
    const live = new Set<string>();
    for (const h of [...hpas].sort((a, b) => keyOf(a).localeCompare(keyOf(b)))) {
      const namespace = h.metadata.namespace ?? 'default';
      const spec = (h.spec ?? {}) as Json;
      const status = (h.status ?? {}) as Json;
      const ref = (spec.scaleTargetRef ?? {}) as Json;
      const target = { kind: String(ref.kind ?? ''), name: String(ref.name ?? '') };
      const dep = target.kind === 'Deployment' ? deployment(namespace, target.name) : undefined;
      const load = model?.history().find((x) => x.workload === `${namespace}/${target.name}`)?.steps ?? [];
      const loadCpu = model ? model.demandAt(namespace, target.name, now).cpuMillis : 0;
      const currentReplicas = Number(status.currentReplicas ?? 0);
      const desiredReplicas = Number(status.desiredReplicas ?? 0);
      const specReplicas = Number((dep?.spec as Json | undefined)?.replicas ?? 0);
      const key = keyOf(h);
      live.add(key);
      const list = this.series.get(key) ?? [];
      const last = list[list.length - 1];
      if (!last || last.loadCpu !== loadCpu || last.desired !== desiredReplicas || last.current !== currentReplicas || last.spec !== specReplicas) {
        list.push({ t: now, loadCpu, desired: desiredReplicas, current: currentReplicas, spec: specReplicas });
        if (list.length > MAX_HPA_SAMPLES) list.splice(0, list.length - MAX_HPA_SAMPLES);
        this.series.set(key, list);
        this.version++;
      }
      const metric = ((spec.metrics ?? []) as Json[]).find((m) => m.type === 'Resource' && (m.resource as Json | undefined)?.name === 'cpu');
      const targetUtil = ((metric?.resource as Json | undefined)?.target as Json | undefined)?.averageUtilization;
      const current = ((status.currentMetrics ?? []) as Json[]).find((m) => m.type === 'Resource' && (m.resource as Json | undefined)?.name === 'cpu');
      const currentUtil = ((current?.resource as Json | undefined)?.current as Json | undefined)?.averageUtilization;
      const cpuRequestMillis = templateCpuRequestMillis(dep);
      infos.push({
        key,
        namespace,
        name: h.metadata.name ?? '',
        target,
        minReplicas: Number(spec.minReplicas ?? 1),
        maxReplicas: Number(spec.maxReplicas ?? 0),
        ...(typeof targetUtil === 'number' ? { targetCpuUtilization: targetUtil } : {}),
        ...(typeof currentUtil === 'number' ? { currentCpuUtilization: currentUtil } : {}),
        currentReplicas,
        desiredReplicas,
        ...(cpuRequestMillis !== undefined ? { cpuRequestMillis } : {}),
        load: load.map((s) => ({ ...s })),
        series: list.map((s) => ({ ...s })),
      });
    }
    for (const key of [...this.series.keys()]) {
      if (!live.has(key)) {
        this.series.delete(key);
        this.version++;
      }
    }
    const loads = (model?.history() ?? []).map(({ workload }) => {
      const [namespace = 'default', name = ''] = workload.split('/');
      const d = model!.demandAt(namespace, name, now);
      return { workload, cpuMillis: d.cpuMillis, memoryBytes: d.memoryBytes };
    });
    const loadSig = JSON.stringify(loads);
    if (loadSig !== this.lastLoads) {
      this.lastLoads = loadSig;
      this.version++;
    }
    if (!force && this.version === this.sentVersion) return undefined;
    this.sentVersion = this.version;
    return { hpas: infos, loads };
  }

  private lastLoads = '';
}

function keyOf(o: KubeObject): string {
  return `${o.metadata.namespace ?? 'default'}/${o.metadata.name ?? ''}`;
}

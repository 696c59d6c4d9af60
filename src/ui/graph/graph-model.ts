/**
 * From the frame's controller summaries and recent trace events to the controller graph's nodes and traffic.
 * Pure (no React), unit-tested: which actor maps to which node, which edges carry something now, and what phase
 * each controller is in.
 */
import type { ControllerSummary, TraceEvent } from '../../worker/protocol.ts';

export const API_SERVER = 'api-server';
export const USER = 'you';
/** Above this many kubelets they are drawn as one node with a count. */
export const MAX_KUBELET_NODES = 8;

export type Phase = 'idle' | 'observe' | 'diff' | 'act' | 'status' | 'waiting';

export interface GraphController {
  id: string;
  label: string;
  process: string;
  alive: boolean;
  paused: boolean;
  depth: number;
  processing: number;
  backoff: number;
  /** For an aggregated kubelet node: how many kubelets it stands for. */
  count?: number;
}

/** The graph node an actor belongs to ("kube-controller-manager/informer/pods" → the process's controllers). */
export function nodeOfActor(actor: string, controllers: readonly GraphController[]): string | undefined {
  if (actor === 'user' || actor === 'kubectl' || actor.startsWith('kubectl')) return USER;
  if (actor === API_SERVER) return API_SERVER;
  const direct = controllers.find((c) => c.id === actor);
  if (direct) return direct.id;
  const kubelet = /^kubelet\/([^/]+)/.exec(actor);
  if (kubelet) return controllers.find((c) => c.id === `kubelet/${kubelet[1]}`)?.id ?? controllers.find((c) => c.id === 'kubelets')?.id;
  const byProcess = controllers.find((c) => actor === c.process || actor.startsWith(`${c.process}/`));
  return byProcess?.id;
}

export function graphControllers(summaries: readonly ControllerSummary[]): GraphController[] {
  const out: GraphController[] = [];
  const kubelets = summaries.filter((s) => s.process.startsWith('kubelet/'));
  const aggregate = new Set(kubelets.map((k) => k.process)).size > MAX_KUBELET_NODES;
  for (const s of summaries) {
    if (s.process.startsWith('kubelet/')) {
      if (aggregate) continue;
      out.push({ id: s.process, label: s.process, process: s.process, alive: s.alive, paused: s.paused, depth: s.depth, processing: s.processing, backoff: s.backoff });
      continue;
    }
    out.push({ id: s.name, label: s.name, process: s.process, alive: s.alive, paused: s.paused, depth: s.depth, processing: s.processing, backoff: s.backoff });
  }
  if (aggregate) {
    const alive = kubelets.filter((k) => k.alive).length;
    out.push({
      id: 'kubelets',
      label: `kubelets (${alive}/${kubelets.length} up)`,
      process: 'kubelet',
      alive: alive > 0,
      paused: false,
      depth: kubelets.reduce((n, k) => n + k.depth, 0),
      processing: kubelets.reduce((n, k) => n + k.processing, 0),
      backoff: kubelets.reduce((n, k) => n + k.backoff, 0),
      count: kubelets.length,
    });
  }
  return out;
}

export interface Traffic {
  /** node id → true when it sent a request to the api-server in these events. */
  writes: Set<string>;
  /** node id → true when the api-server delivered watch events to it. */
  deliveries: Set<string>;
}

export function trafficOf(events: readonly TraceEvent[], controllers: readonly GraphController[]): Traffic {
  const writes = new Set<string>();
  const deliveries = new Set<string>();
  for (const e of events) {
    if (e.kind === 'api.request') {
      const n = nodeOfActor(e.actor, controllers);
      if (n && n !== API_SERVER) writes.add(n);
    } else if (e.kind === 'watch.deliver' && !e.fate) {
      // Shared informers feed every controller of the process; draw the delivery to the ones that queued work.
      const n = nodeOfActor(e.actor, controllers);
      if (n) deliveries.add(n);
    } else if (e.kind === 'queue.add') {
      const n = nodeOfActor(e.actor, controllers);
      if (n) deliveries.add(n);
    }
  }
  return { writes, deliveries };
}

/** The phase each controller was last seen in, from reconcile events (newest wins). */
export function phasesOf(events: readonly TraceEvent[], controllers: readonly GraphController[], previous: ReadonlyMap<string, Phase>): Map<string, Phase> {
  const phases = new Map(previous);
  for (const e of events) {
    if (!e.kind.startsWith('reconcile.')) continue;
    const n = nodeOfActor(e.actor, controllers);
    if (!n) continue;
    const p: Phase = e.kind === 'reconcile.done' ? 'idle' : (e.kind.slice('reconcile.'.length) as Phase);
    phases.set(n, p);
  }
  return phases;
}

/** Deterministic positions: the api-server in the centre, you above it, controllers in two columns, kubelets below. */
export function layout(controllers: readonly GraphController[]): Map<string, { x: number; y: number }> {
  const pos = new Map<string, { x: number; y: number }>();
  pos.set(API_SERVER, { x: 0, y: 0 });
  pos.set(USER, { x: 0, y: -300 });
  const kubelets = controllers.filter((c) => c.process.startsWith('kubelet'));
  const others = controllers.filter((c) => !c.process.startsWith('kubelet'));
  const half = Math.ceil(others.length / 2);
  others.forEach((c, i) => {
    const left = i < half;
    const row = left ? i : i - half;
    const rows = left ? half : others.length - half;
    const y = rows <= 1 ? 0 : -240 + (480 * row) / (rows - 1);
    pos.set(c.id, { x: left ? -480 : 480, y });
  });
  kubelets.forEach((c, i) => {
    pos.set(c.id, { x: (i - (kubelets.length - 1) / 2) * 250, y: 320 });
  });
  return pos;
}

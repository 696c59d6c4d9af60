/** Builders for scheduler tests, after upstream's `st.MakeNode()` / `st.MakePod()` wrappers. */
import type { Node, Pod, Taint, Toleration } from 'kubernetes-types/core/v1';

export function makeNode(name: string, cpu: string, memory: string, opts: { pods?: string; labels?: Record<string, string>; taints?: Taint[]; unschedulable?: boolean } = {}): Node {
  return {
    metadata: { name, labels: opts.labels ?? {} },
    spec: { ...(opts.taints ? { taints: opts.taints } : {}), ...(opts.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable: { cpu, memory, pods: opts.pods ?? '110' } },
  };
}

export function makePod(name: string, requests: Record<string, string> = {}, opts: { tolerations?: Toleration[]; priority?: number; nodeName?: string } = {}): Pod {
  return {
    metadata: { name },
    spec: {
      containers: [{ name: 'c', ...(Object.keys(requests).length ? { resources: { requests } } : {}) }],
      ...(opts.tolerations ? { tolerations: opts.tolerations } : {}),
      ...(opts.priority !== undefined ? { priority: opts.priority } : {}),
      ...(opts.nodeName ? { nodeName: opts.nodeName } : {}),
    },
  };
}

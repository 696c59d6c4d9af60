/** The shape of a simulated cluster: its seed, nodes, network, and which loops run. */
import type { NetworkOptions } from '../network/network.ts';
import type { TraceOptions } from '../trace/trace.ts';
import type { ImageBehavior } from './container-runtime.ts';

export interface NodeSpec {
  name: string;
  /** Allocatable CPU as a quantity ("4", "3500m"). Default "4". */
  cpu?: string;
  /** Allocatable memory ("8Gi"). Default "16Gi". */
  memory?: string;
  /** Max pods. Default 110 (the kubelet's --max-pods). */
  pods?: number;
  labels?: Record<string, string>;
  taints?: Array<{ key: string; value?: string; effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }>;
}

export interface ClusterOptions {
  seed: number | string;
  /** A count ("node-1" … "node-N") or explicit nodes. Default 3. */
  nodes?: number | NodeSpec[];
  network?: NetworkOptions;
  /**
   * Client-side rate limits of every component (kube-controller-manager's 20 qps / burst 30 by default);
   * 'off' removes them (large-scale runs).
   */
  clientQPS?: { qps: number; burst: number } | 'off';
  /** Names of the controllers to run (default: every registered one). */
  controllers?: string[];
  /** kube-controller-manager replicas competing for its Lease (default 1). */
  controllerManagerReplicas?: number;
  trace?: TraceOptions;
  /**
   * GitOps (src/sim/gitops): a simulated Git repository (`repo`: path → YAML text, the first commit) and the
   * argocd-application-controller process. Without it, the first `git-commit` action enables both.
   */
  gitops?: { repo?: Record<string, string> };
  /** Watch events the api-server keeps for watches to resume from (default 10,000). */
  watchHistory?: number;
  runtime?: {
    /** Virtual ms to pull an image not yet on the node (default 1,500). */
    imagePullMs?: number;
    /** Virtual ms from "created" to "running" (default 300). */
    containerStartMs?: number;
    /** Behaviour per image ("nginx:1.27": { behavior: 'crash' }). */
    images?: Record<string, ImageBehavior>;
  };
}

export function nodeSpecs(nodes: ClusterOptions['nodes']): NodeSpec[] {
  if (nodes === undefined) return nodeSpecs(3);
  if (typeof nodes === 'number') {
    if (!Number.isInteger(nodes) || nodes < 0 || nodes > 5000) throw new Error(`nodes must be an integer from 0 to 5000, got ${nodes}`);
    return Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}` }));
  }
  return nodes;
}

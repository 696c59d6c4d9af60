/**
 * The simulated container runtime (the CRI side of every kubelet): how long an image takes to pull and start, and
 * how its containers behave. It is cluster-wide configuration that faults can change at run time
 * (`{ type: 'image-behavior', image, behavior }`), read by the kubelets when they start a container.
 */

export interface ImageBehavior {
  /**
   * `ok`: runs as its command says (container-program.ts) and becomes ready; `crash`: exits with a non-zero code
   * after `runFor` (CrashLoopBackOff under restartPolicy Always); `exit`: exits with `exitCode` (default 0) after
   * `runFor` (a Job's pod completing); `never-ready`: runs but its readiness never passes. Whatever the behaviour,
   * a `runFor` makes every container of the image exit after it, with `exitCode` (default 0; 1 for crash).
   */
  behavior: 'ok' | 'crash' | 'exit' | 'never-ready';
  exitCode?: number;
  /** Virtual ms a container runs before it exits. Default 2,000 for crash, 5,000 for exit; otherwise its command decides. */
  runFor?: number;
  /** Virtual ms after start until it reports ready (default 1,000). */
  readyAfter?: number;
}

export const DEFAULT_IMAGE_PULL_MS = 1500;
export const DEFAULT_CONTAINER_START_MS = 300;
export const DEFAULT_READY_AFTER_MS = 1000;

export class ContainerRuntime {
  imagePullMs: number;
  containerStartMs: number;
  private behaviors = new Map<string, ImageBehavior>();
  /** Each node's containers, as the kubelet's runtime keeps them: they outlive a kubelet restart, as containerd's do. */
  private nodeStates = new Map<string, object>();

  constructor(options: { imagePullMs?: number; containerStartMs?: number; images?: Record<string, ImageBehavior> } = {}) {
    this.imagePullMs = options.imagePullMs ?? DEFAULT_IMAGE_PULL_MS;
    this.containerStartMs = options.containerStartMs ?? DEFAULT_CONTAINER_START_MS;
    for (const [image, b] of Object.entries(options.images ?? {})) this.behaviors.set(image, { ...b });
  }

  /** How containers of `image` behave now ("ok" unless configured). An image without a tag matches "image:latest". */
  behaviorOf(image: string): ImageBehavior {
    return this.configuredBehavior(image) ?? { behavior: 'ok' };
  }

  /** The behaviour set for `image` (or for it without its tag), if any: it overrides what the command says. */
  configuredBehavior(image: string): ImageBehavior | undefined {
    return this.behaviors.get(image) ?? this.behaviors.get(withoutTag(image));
  }

  setBehavior(image: string, behavior: ImageBehavior): void {
    if (behavior.behavior === 'ok' && behavior.readyAfter === undefined && behavior.runFor === undefined && behavior.exitCode === undefined) this.behaviors.delete(image);
    else this.behaviors.set(image, { ...behavior });
  }

  /** The runtime state of `node`'s containers, set by its kubelet (undefined before its first start). */
  nodeState<T extends object>(node: string): T | undefined {
    return this.nodeStates.get(node) as T | undefined;
  }

  setNodeState(node: string, state: object): void {
    this.nodeStates.set(node, state);
  }

  /** Configured images and behaviours, for the UI. */
  list(): Array<{ image: string } & ImageBehavior> {
    return [...this.behaviors].map(([image, b]) => ({ image, ...b }));
  }
}

function withoutTag(image: string): string {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? image.slice(0, colon) : image;
}

/**
 * The kubelet's side of the container runtime: the sandboxes and containers it runs on its node, as plain data
 * advanced by timers on virtual time (image pulled, container created, started, ready, exited, killed). It plays the
 * part of containerd behind the CRI plus the kubelet's image manager and readiness prober, and tells the pod
 * workers (PLEG's job) when a container changed, so they sync the pod again.
 *
 * Ported in spirit from kubernetes `pkg/kubelet/kuberuntime/kuberuntime_container.go` (startContainer: pull, then
 * create — event Created —, then start — event Started —; killContainer — event Killing), `pkg/kubelet/images/
 * image_manager.go` (EnsureImageExists: events Pulling, Pulled, "already present on machine") and
 * `pkg/kubelet/prober/worker.go` (readiness results at probe-period ticks after initialDelaySeconds).
 *
 * @remarks Simplified: a container does what its command says (cluster/container-program.ts, docs/container-
 * behavior.md) unless {@link ContainerRuntime} configures its image (read when a container starts); an init
 * container whose command says nothing readable completes with 0 after 1 s; pulls of
 * one image share one pull (upstream serializes pulls); a killed container exits after min(1 s, grace period) with
 * code 0 (it honours SIGTERM); no liveness or startup probes.
 *
 * The state lives in the cluster's {@link ContainerRuntime} (one per node) and outlives the kubelet process, as
 * containerd does: a crashed or killed kubelet leaves its containers running (or exiting, unrestarted), and the
 * restarted kubelet picks them up (see {@link RuntimeAttachment}). While no kubelet is attached nothing records
 * events and readiness probes pause; pulls and starts already under way complete.
 */
import type { Container, Pod } from 'kubernetes-types/core/v1';
import type { ContainerRuntime } from '../../cluster/container-runtime.ts';
import { DEFAULT_READY_AFTER_MS } from '../../cluster/container-runtime.ts';
import { containerExit } from '../../cluster/container-program.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { KubeObject } from '../../api/object.ts';
import { parseTime } from '../../engine/clock.ts';
import { intern } from '../../engine/intern.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { goDuration } from './crashloop-backoff.ts';
import { firstProbeAt, readinessDelay } from './readiness.ts';
import type { RuntimeContainer, RuntimePod } from './runtime-state.ts';
import { imageMessages, PULLED_IMAGE, PULLING_IMAGE, shouldPullImage } from './image-pull.ts';
import { isRestartableInitContainer } from './pod-phase.ts';
import { containerIDOf, imageIDOf, imageSizeOf, podIPOf } from './runtime-ids.ts';

/** Event reasons of `pkg/kubelet/events/event.go`. */
export const CREATED_CONTAINER = 'Created';
export const STARTED_CONTAINER = 'Started';
export const KILLING_CONTAINER = 'Killing';
export const CONTAINER_UNHEALTHY = 'Unhealthy';

/** Who hears that a pod's containers changed (the pod workers' queue). */
export interface PodLifecycleListener {
  enqueue(key: string, reason?: 'update'): void;
}

export class PodRuntime {
  private pods = new Map<string, RuntimePod>();
  /** The UID of the sandbox each pod key has (at most one: a pod re-created under its name replaces it). */
  private uidByKey = new Map<string, string>();
  /** Images on the node. */
  private images = new Set<string>();
  /** Pulls in progress: image → virtual time it completes. */
  private pulls = new Map<string, number>();
  private nextIP = 0;
  /** The kubelet running now, if any: it hears about changes and records events. */
  private kubelet: RuntimeAttachment | null = null;

  constructor(
    private readonly ctx: SimContext,
    private readonly nodeName: string,
    private readonly runtime: ContainerRuntime,
  ) {}

  /** A kubelet (re)starts: it gets the runtime's changes from now on, and checks every pod the runtime still runs. */
  attach(kubelet: RuntimeAttachment): void {
    this.kubelet = kubelet;
    for (const key of [...new Set([...this.pods.values()].map((rp) => rp.key))].sort()) kubelet.listener?.enqueue(key, 'update');
  }

  /** The kubelet is gone: containers go on running (or exiting) unobserved. */
  detach(kubelet: RuntimeAttachment): void {
    if (this.kubelet === kubelet) this.kubelet = null;
  }

  get(uid: string): RuntimePod | undefined {
    return this.pods.get(uid);
  }

  /** The sandbox of `pod`, created on first sight (its IP kept from the pod's status after a kubelet restart). */
  ensurePod(pod: Pod, key: string): RuntimePod {
    const uid = pod.metadata!.uid!;
    const otherUid = this.uidByKey.get(key);
    if (otherUid !== undefined && otherUid !== uid) this.pods.delete(otherUid);
    this.uidByKey.set(key, uid);
    let rp = this.pods.get(uid);
    if (!rp) {
      const startTime = pod.status?.startTime ? parseTime(pod.status.startTime) : this.ctx.now;
      rp = { uid, key, pod: syncedPodOf(pod), podIP: pod.status?.podIP ?? podIPOf(this.nodeName, this.nextIP++), startTime, containers: [] };
      this.pods.set(uid, rp);
    } else if (rp.pod.metadata!.resourceVersion !== pod.metadata!.resourceVersion || rp.pod.spec !== pod.spec) {
      rp.pod = syncedPodOf(pod);
    }
    return rp;
  }

  /** The pod is gone from the api-server: forget its sandbox (its timers find nothing). */
  forget(key: string): void {
    const uid = this.uidByKey.get(key);
    if (uid === undefined) return;
    this.uidByKey.delete(key);
    this.pods.delete(uid);
  }

  /**
   * `startContainer` for a container that has no run yet or whose last run exited: ensure the image (Pulling /
   * Pulled), then create (Created) and start (Started) it. Returns what was done, for the loop's act step.
   */
  startContainer(rp: RuntimePod, container: Container, previous: RuntimeContainer | undefined): string {
    const image = container.image ?? '';
    const rc: RuntimeContainer = {
      name: container.name,
      image,
      attempt: previous ? previous.attempt + 1 : 0,
      state: 'creating',
      pulling: false,
      containerID: '',
      imageID: '',
      ready: false,
      killing: false,
      ...(previous?.terminated ? { last: previous.terminated } : previous?.last ? { last: previous.last } : {}),
    };
    rp.containers = [...rp.containers.filter((c) => c.name !== container.name), rc];
    const present = this.images.has(image);
    if (!shouldPullImage(container, present)) {
      this.record(rp.pod as KubeObject, 'Normal', PULLED_IMAGE, intern(imageMessages.alreadyPresent(image)));
      this.create(rp, rc);
      return `start container ${container.name} (image ${image} already present)`;
    }
    rc.pulling = true;
    this.record(rp.pod as KubeObject, 'Normal', PULLING_IMAGE, intern(imageMessages.pulling(image)));
    let doneAt = this.pulls.get(image);
    if (doneAt === undefined) {
      doneAt = this.ctx.now + this.runtime.imagePullMs;
      this.pulls.set(image, doneAt);
    }
    this.ctx.scheduler.at(doneAt, this, 'onPulled', rp.uid, rc.name, rc.attempt, this.ctx.now);
    return `pull image ${image}`;
  }

  /** Timer: the image pull finished (`requestedAt` is when this container asked for it). */
  onPulled(uid: string, name: string, attempt: number, requestedAt: number): void {
    const found = this.find(uid, name, attempt);
    if (!found) return;
    const { rp, rc } = found;
    this.images.add(rc.image);
    this.pulls.delete(rc.image);
    rc.pulling = false;
    if (rc.killing) return this.onKilled(uid, name, attempt);
    const took = goDuration(this.runtime.imagePullMs);
    const withWaiting = goDuration(this.ctx.now - requestedAt);
    this.record(rp.pod as KubeObject, 'Normal', PULLED_IMAGE, intern(imageMessages.pulled(rc.image, took, withWaiting, imageSizeOf(rc.image))));
    this.create(rp, rc);
  }

  private create(rp: RuntimePod, rc: RuntimeContainer): void {
    rc.containerID = containerIDOf(rp.uid, rc.name, rc.attempt);
    rc.imageID = imageIDOf(rc.image);
    this.record(rp.pod as KubeObject, 'Normal', CREATED_CONTAINER, intern(`Created container: ${rc.name}`));
    this.ctx.scheduler.after(this.runtime.containerStartMs, this, 'onStarted', rp.uid, rc.name, rc.attempt);
  }

  /** Timer: the container is running; its behaviour decides when it exits and when readiness passes. */
  onStarted(uid: string, name: string, attempt: number): void {
    const found = this.find(uid, name, attempt);
    if (!found) return;
    const { rp, rc } = found;
    if (rc.killing) return this.onKilled(uid, name, attempt);
    rc.state = 'running';
    rc.startedAt = this.ctx.now;
    this.record(rp.pod as KubeObject, 'Normal', STARTED_CONTAINER, intern(`Started container ${rc.name}`));
    const configured = this.runtime.configuredBehavior(rc.image);
    const behavior = configured ?? { behavior: 'ok' as const };
    const init = rp.pod.spec?.initContainers?.find((c) => c.name === name);
    const container = [...(rp.pod.spec?.containers ?? []), ...(init ? [init] : [])].find((c) => c.name === name);
    // What the process does: the image's configured behaviour, else its command (container-program.ts).
    const exit = containerExit(configured, container, init !== undefined && !isRestartableInitContainer(init));
    if (exit) this.ctx.scheduler.after(exit.afterMs, this, 'onExited', uid, name, attempt, exit.exitCode);
    if (init && !isRestartableInitContainer(init)) {
      // An init container runs to completion; its readiness is not probed.
      this.notify(rp);
      return;
    }
    const probe = container?.readinessProbe;
    if (behavior.behavior !== 'never-ready') {
      const readyAfter = behavior.readyAfter ?? DEFAULT_READY_AFTER_MS;
      this.ctx.scheduler.after(readinessDelay(readyAfter, probe), this, 'onReady', uid, name, attempt);
    } else if (probe) {
      const period = (probe.periodSeconds ?? 10) * 1000;
      this.ctx.scheduler.after(firstProbeAt(probe), this, 'onProbeFailed', uid, name, attempt, period);
    }
    this.notify(rp);
  }

  /** Timer: readiness passed. */
  onReady(uid: string, name: string, attempt: number): void {
    const found = this.find(uid, name, attempt);
    if (!found || found.rc.state !== 'running' || found.rc.killing) return;
    found.rc.ready = true;
    this.notify(found.rp);
  }

  /** Timer: a readiness probe of a never-ready container failed (event Unhealthy, probed again a period later). */
  onProbeFailed(uid: string, name: string, attempt: number, periodMs: number): void {
    const found = this.find(uid, name, attempt);
    if (!found || found.rc.state !== 'running' || found.rc.killing || !this.kubelet) return;
    this.record(found.rp.pod as KubeObject, 'Warning', CONTAINER_UNHEALTHY, 'Readiness probe failed: HTTP probe failed with statuscode: 503');
    this.ctx.scheduler.after(periodMs, this, 'onProbeFailed', uid, name, attempt, periodMs);
  }

  /** Timer: the container's process exited by itself. */
  onExited(uid: string, name: string, attempt: number, exitCode: number): void {
    const found = this.find(uid, name, attempt);
    if (!found || found.rc.state !== 'running' || found.rc.killing) return;
    this.terminate(found.rc, exitCode);
    this.notify(found.rp);
  }

  /**
   * `killContainer` for every container still running or being created: event Killing ("Stopping container web")
   * for running ones; each stops after min(1 s, grace period). Returns the names being stopped.
   */
  killPod(rp: RuntimePod, gracePeriodMs: number): string[] {
    const names: string[] = [];
    for (const rc of rp.containers) {
      if (rc.state === 'exited' || rc.killing) continue;
      this.killContainer(rp, rc, gracePeriodMs, intern(`Stopping container ${rc.name}`));
      names.push(rc.name);
    }
    return names;
  }

  /**
   * `killContainer`: event Killing with `message` when it runs; it stops after min(1 s, grace period). A container
   * still being created is abandoned when its pull or start completes.
   */
  killContainer(rp: RuntimePod, rc: RuntimeContainer, gracePeriodMs: number, message: string): void {
    rc.killing = true;
    rc.waiting = undefined;
    if (rc.state !== 'running') return;
    this.record(rp.pod as KubeObject, 'Normal', KILLING_CONTAINER, message);
    this.ctx.scheduler.after(Math.min(1000, gracePeriodMs), this, 'onKilled', rp.uid, rc.name, rc.attempt);
  }

  /** Timer: a stop requested by {@link killPod} is done (or a container being created was abandoned). */
  onKilled(uid: string, name: string, attempt: number): void {
    const found = this.find(uid, name, attempt);
    if (!found || found.rc.state === 'exited') return;
    if (found.rc.state === 'creating') {
      // Never ran: the runtime has nothing to report (the status says ContainerStatusUnknown).
      found.rp.containers = found.rp.containers.filter((c) => c !== found.rc);
    } else {
      this.terminate(found.rc, 0);
    }
    this.notify(found.rp);
  }

  private terminate(rc: RuntimeContainer, exitCode: number): void {
    rc.state = 'exited';
    rc.ready = false;
    rc.terminated = {
      exitCode,
      reason: exitCode === 0 ? 'Completed' : 'Error',
      startedAt: rc.startedAt ?? this.ctx.now,
      finishedAt: this.ctx.now,
      containerID: rc.containerID,
    };
  }

  private find(uid: string, name: string, attempt: number): { rp: RuntimePod; rc: RuntimeContainer } | undefined {
    const rp = this.pods.get(uid);
    const rc = rp?.containers.find((c) => c.name === name);
    if (!rp || !rc || rc.attempt !== attempt) return undefined;
    return { rp, rc };
  }

  private notify(rp: RuntimePod): void {
    this.kubelet?.listener?.enqueue(rp.key, 'update');
  }

  /** Events are the kubelet's: none while it is down. */
  private record(pod: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.kubelet?.recorder.event(pod, type, reason, message);
  }
}

/**
 * What the runtime keeps of the pod as last synced: what its events name (`ref.GetReference`: kind, apiVersion, name,
 * namespace, uid, resourceVersion) and its spec (init containers, probes). Not the cache's whole object: once the
 * kubelet's own status write lands that version is stale, and holding it kept a second full pod (status,
 * managedFields) per pod on the node alive long after the store and the watch history let it go.
 */
function syncedPodOf(pod: Pod): Pod {
  const m = pod.metadata!;
  return Object.freeze({
    apiVersion: pod.apiVersion,
    kind: pod.kind,
    metadata: Object.freeze({ name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion }),
    spec: pod.spec,
  });
}

/**
 * One kubelet process's hold on its node's {@link PodRuntime} (a Runnable of the process): attached while the
 * process runs, detached when it dies, so that a restarted kubelet finds the containers still there.
 */
export class RuntimeAttachment {
  /** Set by the descriptor once the pod workers' controller exists. */
  listener: PodLifecycleListener | null = null;

  constructor(
    readonly runtime: PodRuntime,
    readonly recorder: EventRecorder,
  ) {}

  start(): void {
    this.runtime.attach(this);
  }

  stop(): void {
    this.runtime.detach(this);
  }
}

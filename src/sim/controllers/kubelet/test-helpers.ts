/** Shared helpers of the kubelet's end-to-end tests: a one-node cluster running only the kubelet, and trace queries. */
import type { Pod } from 'kubernetes-types/core/v1';
import type { ImageBehavior } from '../../cluster/container-runtime.ts';
import { Simulation } from '../../simulation.ts';
import type { TraceEvent } from '../../trace/trace-event.ts';

/** A cluster of `nodes` running only the kubelets (pods are bound by `spec.nodeName` in their manifests). */
export function kubeletSim(images: Record<string, ImageBehavior> = {}, nodes = 1): Simulation {
  const sim = Simulation.create({ seed: 1, nodes, controllers: ['kubelet'], runtime: { images } });
  sim.runFor(1000);
  return sim;
}

/** A pod manifest bound to node-1 with one container `web`. */
export function podYaml(name: string, image: string, extra: { restartPolicy?: string; containerExtra?: string; specExtra?: string } = {}): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  nodeName: node-1
${extra.restartPolicy ? `  restartPolicy: ${extra.restartPolicy}\n` : ''}${extra.specExtra ?? ''}  containers:
  - name: web
    image: ${image}
${extra.containerExtra ?? ''}`;
}

export type K8sEventRecord = Extract<TraceEvent, { kind: 'k8s.event' }>;

/** The Kubernetes events recorded about an object, in order. */
export function eventsFor(sim: Simulation, name: string): K8sEventRecord[] {
  return sim.trace.slice().filter((e): e is K8sEventRecord => e.kind === 'k8s.event' && e.involvedObject.name === name);
}

export function podOf(sim: Simulation, name: string): Pod | undefined {
  return sim.getObject('pod', 'default', name) as Pod | undefined;
}

/** Runs `ms` in steps of `step`, calling `see` after each. */
export function watch(sim: Simulation, ms: number, step: number, see: () => void): void {
  for (let t = 0; t < ms; t += step) {
    sim.runFor(step);
    see();
  }
}

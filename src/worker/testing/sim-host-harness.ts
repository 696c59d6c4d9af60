/**
 * A SimHost under test: its messages collected, its wall clock in the test's hands. Shared by the worker's tests.
 */
import { SimHost } from '../sim-host.ts';
import type { Frame, WorkerMessage } from '../protocol.ts';

/** A Deployment of `replicas` nginx pods named web, as YAML. */
export function deploymentYaml(replicas: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;
}

export function harness() {
  const messages: WorkerMessage[] = [];
  let wall = 0;
  const host = new SimHost((m) => messages.push(m), () => wall);
  return {
    host,
    messages,
    /** Moves the wall clock on and ticks once. */
    advanceWall(ms: number) {
      wall += ms;
      host.tick();
    },
    /** Ticks every 16 ms of wall time for `ms`. */
    run(ms: number) {
      for (let t = 0; t < ms; t += 16) {
        wall += 16;
        host.tick();
      }
    },
    frames: () => messages.filter((m): m is Frame => m.type === 'frame'),
    replies: () => messages.filter((m) => m.type === 'reply'),
    reply: (id: number) => messages.find((m) => m.type === 'reply' && m.requestId === id) as Extract<WorkerMessage, { type: 'reply' }> | undefined,
  };
}

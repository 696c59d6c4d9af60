/**
 * Runs ELK off the main thread: elkjs's own web worker (elk-worker.min.js, served as a static asset), one for the
 * page, created on first use. Layouts are asked for only when the drawn structure changes.
 */
import ELK, { type ElkNode } from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: InstanceType<typeof ELK> | null = null;

/** Lays out `graph` (an {@link elkInput} result) in the ELK worker. */
export function layoutInWorker(graph: ElkNode): Promise<ElkNode> {
  elk ??= new ELK({ workerUrl: elkWorkerUrl });
  return elk.layout(graph);
}

/**
 * Runs ELK off the main thread: elkjs's own web worker (elk-worker.min.js, served as a static asset), one for the
 * page, created on first use. Layouts are asked for only when the drawn structure changes. The first is asked for
 * after the first frame, so elkjs's main-thread API is imported then too, out of the page's entry chunk.
 */
import type ELK from 'elkjs/lib/elk-api';
import type { ElkNode } from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';

type Elk = InstanceType<typeof ELK>;

let elk: Promise<Elk> | null = null;

/** Lays out `graph` (an {@link elkInput} result) in the ELK worker. */
export function layoutInWorker(graph: ElkNode): Promise<ElkNode> {
  elk ??= import('elkjs/lib/elk-api').then(
    ({ default: ElkApi }) => new ElkApi({ workerUrl: elkWorkerUrl }),
    (err: unknown) => {
      elk = null; // Not loaded: the next layout asks again.
      throw err;
    },
  );
  return elk.then((e) => e.layout(graph));
}

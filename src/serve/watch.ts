/**
 * `?watch=true`: a chunked stream of newline-delimited `{"type":…,"object":…}` events from the api-server's watch
 * cache, as kube-apiserver streams them to kubectl. From `resourceVersion` (410 Expired, as an ERROR event, when it
 * is older than the history), with BOOKMARK events every `bookmarkMs` of wall time when `allowWatchBookmarks=true`,
 * ended after `timeoutSeconds` or when the client goes away. At most `limit` watches run at once (429 beyond).
 *
 * The watch sink is called synchronously while the simulation runs (the serve timer's `runUntil`), so events leave
 * in revision order, at the virtual instant of each write.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/watch.go (serveWatch: a 410 before the first event is still an
 * ERROR event in a 200 stream), pkg/storage/cacher (bookmarks carry only the kind and the resourceVersion).
 */
import type { ServerResponse } from 'node:http';
import type { ResourcePath } from './paths.ts';
import { statusReply, send } from './http-io.ts';
import type { ApiServer } from '../sim/apiserver/api-server.ts';
import type { ServerWatch, WatchEvent, WatchSink } from '../sim/apiserver/api-request.ts';
import { apiVersionOf } from '../sim/api/resources.ts';
import { badRequest, tooManyRequests } from '../sim/api/status.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { serverTable } from '../kubectl/printers/server-table.ts';
import type { IncludeObject } from './reads.ts';

export interface WatchOptions {
  /** Wall ms between bookmarks (upstream: about a minute). */
  bookmarkMs: number;
  /** Concurrent watches allowed. */
  limit: number;
}

/** Where each stream's events go, by stream id: outside the simulation's object graph. */
const STREAMS = new Map<number, (event: WatchEvent) => void>();
let nextStream = 1;

/**
 * The sink the api-server holds: frozen, with only the stream's id, so the simulation's checkpoints (which copy
 * its object graph and refuse closures, src/sim/engine/clone-graph.ts) share it instead of failing on it.
 */
class StreamSink implements WatchSink {
  constructor(readonly stream: number) {
    Object.freeze(this);
  }

  onWatchEvent(event: WatchEvent): void {
    STREAMS.get(this.stream)?.(event);
  }
}

/** The running watches of one server: opened, counted, and all ended on close. */
export class Watches {
  private readonly open = new Set<() => void>();

  constructor(private readonly options: WatchOptions) {}

  get count(): number {
    return this.open.size;
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const end of [...this.open]) end();
  }

  /**
   * Starts streaming `path`'s events to `res`. With `table` (the client asked for `as=Table`), each object is sent
   * as a one-row Table, the first with the column definitions and the later ones without (handlers/watch.go).
   */
  serve(api: ApiServer, path: ResourcePath, query: URLSearchParams, user: string, res: ServerResponse, table?: { now: () => number; includeObject: IncludeObject }): void {
    if (path.name !== undefined && path.subresource !== undefined) return send(res, statusReply(badRequest('watch is not supported on subresources')));
    if (this.open.size >= this.options.limit) {
      return send(res, statusReply(tooManyRequests(`too many watches: this server allows ${this.options.limit} at once`, 1)));
    }
    const timeoutText = query.get('timeoutSeconds');
    const timeout = timeoutText === null ? undefined : Number(timeoutText);
    if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 0)) return send(res, statusReply(badRequest(`invalid timeoutSeconds "${timeoutText}"`)));
    // A watch of one object is a watch of its collection filtered by name (the client's fieldSelector).
    let fieldSelector = query.get('fieldSelector') ?? '';
    if (path.name !== undefined) fieldSelector = [`metadata.name=${path.name}`, fieldSelector].filter(Boolean).join(',');
    const labelSelector = query.get('labelSelector') ?? '';
    const bookmarks = query.get('allowWatchBookmarks') === 'true';

    let ended = false;
    const pending: WatchEvent[] = [];
    let started = false;
    let columnsSent = false;
    const emit = (event: WatchEvent): void => {
      if (ended) return;
      if (table && started && (event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED')) {
        const t = serverTable(path.info, [event.object as KubeObject], { now: table.now(), includeObject: table.includeObject });
        if (columnsSent) t.columnDefinitions = [];
        columnsSent = true;
        event = { type: event.type, object: t as unknown as WatchEvent['object'] };
      }
      if (!started) {
        pending.push(event);
        return;
      }
      try {
        res.write(`${JSON.stringify(event)}\n`);
      } catch {
        end();
      }
    };
    const stream = nextStream++;
    STREAMS.set(stream, emit);
    const watch = api.watch(
      {
        apiVersion: apiVersionOf(path.info),
        kind: path.info.kind,
        ...(path.namespace !== undefined ? { namespace: path.namespace } : {}),
        ...(labelSelector ? { labelSelector } : {}),
        ...(fieldSelector ? { fieldSelector } : {}),
        resourceVersion: query.get('resourceVersion') ?? '',
        allowWatchBookmarks: bookmarks,
        user,
      },
      new StreamSink(stream),
    );
    if (!('id' in watch)) {
      STREAMS.delete(stream);
      // 410 Expired is an ERROR event in a 200 stream; other failures (a bad selector) are plain answers.
      if (watch.code !== 410) return send(res, statusReply(watch));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      res.end(`${JSON.stringify({ type: 'ERROR', object: watch })}\n`);
      return;
    }
    const running: ServerWatch = watch;
    let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
    let bookmarkTimer: ReturnType<typeof setInterval> | undefined;
    const end = (): void => {
      if (ended) return;
      ended = true;
      running.stop();
      STREAMS.delete(stream);
      clearTimeout(timeoutTimer);
      clearInterval(bookmarkTimer);
      this.open.delete(end);
      try {
        res.end();
      } catch {
        // already gone
      }
    };
    this.open.add(end);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache, private' });
    res.flushHeaders();
    started = true;
    for (const e of pending.splice(0)) emit(e);
    res.on('close', end);
    if (timeout !== undefined) timeoutTimer = setTimeout(end, timeout * 1000);
    if (bookmarks) {
      const bookmark = { kind: path.info.kind, apiVersion: apiVersionOf(path.info), metadata: { resourceVersion: '' } };
      bookmarkTimer = setInterval(() => {
        // Every event up to the current revision has been sent (the sink is synchronous): the bookmark may say so.
        emit({ type: 'BOOKMARK', object: { ...bookmark, metadata: { resourceVersion: String(api.revision) } } as unknown as WatchEvent['object'] });
      }, this.options.bookmarkMs);
    }
  }
}

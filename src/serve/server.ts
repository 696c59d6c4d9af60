/**
 * The simulated cluster served as a Kubernetes API over HTTP on the loopback address, so real kubectl (and any
 * client-go or Python client) drives it unchanged. `startServe` paces the simulation to wall time (pacer.ts) and
 * answers discovery (discovery.ts), reads and tables (reads.ts), watches (watch.ts) and writes, which become user
 * actions of the simulation (writes.ts).
 *
 * Nothing a client sends may crash the server or corrupt the simulation: every request is answered with JSON or a
 * Status (`handleRequest` never throws), bodies are bounded (3 MiB) and watches are counted.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Simulation } from '../sim/simulation.ts';
import { badRequest, internalError, methodNotSupported, resourceNotServed, unsupportedMediaType } from '../sim/api/status.ts';
import { AGGREGATED_DISCOVERY, aggregatedDiscovery, apiGroupList, apiGroupOf, apiResourceList, apiVersions, versionInfo, wantsAggregatedDiscovery } from './discovery.ts';
import { decodeBody, readBody, send, statusReply, type Reply } from './http-io.ts';
import { Pacer, type ScheduledAction } from './pacer.ts';
import { componentSchemas, openApiV2Document, openApiV3Document, openApiV3Index, type ExplainSchemas } from './openapi.ts';
import { parsePath } from './paths.ts';
import { answerMetrics, isMetricsPath } from './metrics.ts';
import { includeObjectOf, read, wantsTable, type IncludeObject } from './reads.ts';
import { Watches } from './watch.ts';
import { mediaType, write } from './writes.ts';
import { decodeProtobuf, ProtobufError, PROTOBUF } from './protobuf.ts';
import { PageLink } from './page-link.ts';
import { loadOnDemand } from '../worker/on-demand.ts';
import { pageFiles, type PageFiles } from './page-files.ts';

let explain: ExplainSchemas | null | undefined;
let components: Record<string, unknown> | undefined;
let definitions: Record<string, unknown> | undefined;

/**
 * The console's generated field documentation (src/kubectl/explain/schemas.generated.json, written by
 * `npm run schemas`), or null when it has not been generated.
 */
function explainSchemas(): ExplainSchemas | null {
  if (explain !== undefined) return explain;
  try {
    explain = JSON.parse(readFileSync(new URL('../kubectl/explain/schemas.generated.json', import.meta.url), 'utf8')) as ExplainSchemas;
  } catch {
    explain = null;
  }
  return explain;
}

/** The OpenAPI v3 component schemas for `kubectl explain`; none without the generated documentation. */
function explainComponents(): Record<string, unknown> {
  const schemas = explainSchemas();
  return (components ??= schemas ? componentSchemas(schemas) : {});
}

/** The same as OpenAPI v2 (Swagger 2.0) definitions. */
function explainDefinitions(): Record<string, unknown> {
  const schemas = explainSchemas();
  return (definitions ??= schemas ? componentSchemas(schemas, '#/definitions/') : {});
}

/** The default port: kube-apiserver's 6443 with a 1 in front, so it does not take a local cluster's. */
export const DEFAULT_PORT = 16443;
export const LOOPBACK = '127.0.0.1';

export interface ServeOptions {
  sim: Simulation;
  /** Virtual ms per wall ms (default 1). */
  speed?: number;
  /** Default {@link DEFAULT_PORT}; 0 picks a free port. */
  port?: number;
  /** Wall ms between simulation ticks (default 50). */
  tickMs?: number;
  /** Concurrent watches allowed (default 100). */
  watchLimit?: number;
  /** Wall ms between watch bookmarks (default 60 000). */
  bookmarkMs?: number;
  /** Actions to perform at their virtual times (a scenario's). */
  scheduled?: readonly ScheduledAction[];
  /** The wall clock (tests). */
  wallNow?: () => number;
  /** Origins besides loopback pages that may attach to the simulation (`--allow-origin`). */
  allowOrigins?: readonly string[];
  /** The built page (`dist/`) to serve at `/`, so it attaches from the API's own origin; none when absent. */
  pageDir?: string;
}

export interface ServeHandle {
  /** "http://127.0.0.1:<port>". */
  readonly url: string;
  readonly port: number;
  readonly pacer: Pacer;
  /** Whether the built page is served at `/` (`pageDir` had one). */
  readonly servesPage: boolean;
  /** Stops the timer, ends every watch and closes the server. */
  close(): Promise<void>;
}

/** The caller as the trace names it: the user agent's first word ("kubectl/v1.32.4"), bounded and printable. */
export function userOf(req: IncomingMessage): string {
  const ua = String(req.headers['user-agent'] ?? '').split(' ')[0]!.replace(/[^\x21-\x7e]/g, '').slice(0, 80);
  return ua || 'http-client';
}

/** Answers one request. Never throws and never rejects. */
export async function handleRequest(sim: Simulation, pacer: Pacer, watches: Watches, req: IncomingMessage, res: ServerResponse, page?: { link: PageLink; files?: PageFiles }): Promise<void> {
  try {
    pacer.tick();
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (page && PageLink.owns(pathname)) return await page.link.handle(req, res, pathname);
    if (page?.files && page.files.owns(pathname, req.method)) return page.files.serve(req, res);
    const reply = await answer(sim, watches, req, res);
    if (reply) send(res, reply);
  } catch (e) {
    send(res, statusReply(internalError(e instanceof Error ? e.message : String(e))));
  }
}

async function answer(sim: Simulation, watches: Watches, req: IncomingMessage, res: ServerResponse): Promise<Reply | undefined> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://loopscope.invalid');
  } catch {
    return statusReply(badRequest(`invalid request URI ${JSON.stringify(req.url)}`));
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const api = sim.cluster.apiServer;
  const resources = api.resourcesInfo();
  const user = userOf(req);
  if (isMetricsPath(url.pathname)) {
    req.resume();
    return answerMetrics(sim, method, url.pathname, url.searchParams, user);
  }
  const parsed = parsePath(url.pathname, resources);
  if (parsed.type === 'unknown') return statusReply(resourceNotServed());
  if (parsed.type !== 'resource') {
    if (method !== 'GET') return statusReply(methodNotSupported({ group: '', resource: url.pathname }, method.toLowerCase()));
    switch (parsed.type) {
      case 'version':
        return { code: 200, body: versionInfo() };
      case 'api':
        if (wantsAggregatedDiscovery(req.headers.accept)) return { code: 200, body: aggregatedDiscovery(resources, true), contentType: AGGREGATED_DISCOVERY };
        return { code: 200, body: apiVersions(`${LOOPBACK}:${req.socket.localPort ?? ''}`) };
      case 'apis':
        if (wantsAggregatedDiscovery(req.headers.accept)) return { code: 200, body: aggregatedDiscovery(resources, false), contentType: AGGREGATED_DISCOVERY };
        return { code: 200, body: apiGroupList(resources) };
      case 'group': {
        const group = apiGroupOf(resources, parsed.group);
        return group ? { code: 200, body: group } : statusReply(resourceNotServed());
      }
      case 'groupVersion':
        return { code: 200, body: apiResourceList(resources, parsed.group, parsed.version) };
      case 'openapi': {
        if (parsed.which === 'v3') return { code: 200, body: openApiV3Index(resources) };
        if (parsed.which === 'v2') {
          // The JSON form only: a client that takes nothing but gnostic's protobuf (kubectl's v2 reader) is told so.
          const accept = req.headers.accept ?? '';
          if (accept !== '' && !/application\/json|\*\/\*/.test(accept)) return { code: 406, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `only application/json is served for /openapi/v2, not ${accept.slice(0, 200)}; the OpenAPI v3 documents (/openapi/v3) are complete`, reason: 'NotAcceptable', code: 406 } };
          return { code: 200, body: openApiV2Document(resources, explainDefinitions()) };
        }
        const doc = parsed.which.startsWith('v3/') ? openApiV3Document(resources, parsed.which.slice(3), explainComponents()) : undefined;
        return doc ? { code: 200, body: doc } : statusReply(resourceNotServed());
      }
      default:
        return statusReply(resourceNotServed());
    }
  }
  const path = parsed.path;
  if (method === 'GET') {
    const watch = url.searchParams.get('watch');
    if (watch === 'true' || watch === '1') {
      let table: { now: () => number; includeObject: IncludeObject } | undefined;
      if (wantsTable(req.headers.accept)) {
        const includeObject = includeObjectOf(url.searchParams);
        if (typeof includeObject !== 'string') return statusReply(badRequest(includeObject.error));
        table = { now: () => sim.now, includeObject };
      }
      watches.serve(api, path, url.searchParams, user, res, table);
      return undefined;
    }
    return read(api, sim.now, path, url.searchParams, req.headers.accept, user);
  }
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') {
    return statusReply(methodNotSupported({ group: path.info.group, resource: path.info.resource }, method.toLowerCase()));
  }
  const contentType = mediaType(req.headers['content-type']);
  if (method !== 'PATCH' && contentType !== '' && contentType !== 'application/json' && contentType !== 'application/yaml' && contentType !== PROTOBUF) {
    req.resume();
    return statusReply(unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, ${PROTOBUF}`));
  }
  const raw = await readBody(req);
  if (!Buffer.isBuffer(raw)) return statusReply(raw);
  let body: unknown;
  if (contentType === PROTOBUF) {
    try {
      body = decodeProtobuf(raw);
    } catch (e) {
      if (!(e instanceof ProtobufError)) throw e;
      return statusReply(unsupportedMediaType(`the protobuf body could not be read: ${e.message}`));
    }
  } else if (raw.length > 0 || method !== 'DELETE') {
    const decoded = decodeBody(raw, req.headers['content-type'], method === 'PATCH');
    if (!decoded.ok) return statusReply(decoded.status);
    body = decoded.value;
  }
  const verb = { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' }[method];
  const command = `${user} ${verb} ${url.pathname}`;
  return write(sim, { method, path, query: url.searchParams, body, contentType: req.headers['content-type'], command });
}

/** Starts serving `options.sim` on 127.0.0.1. Rejects with a clear message when the port is taken. */
export async function startServe(options: ServeOptions): Promise<ServeHandle> {
  const sim = options.sim;
  const pacer = new Pacer(sim, options.speed ?? 1, options.wallNow, options.scheduled);
  const watches = new Watches({ limit: options.watchLimit ?? 100, bookmarkMs: options.bookmarkMs ?? 60_000 });
  const link = new PageLink(sim, options.allowOrigins);
  const files = options.pageDir ? pageFiles(options.pageDir) : undefined;
  const server: Server = createServer((req, res) => void handleRequest(sim, pacer, watches, req, res, { link, files }));
  const requested = options.port ?? DEFAULT_PORT;
  // The console's kubectl program (for a page's typed commands) is loaded on demand, as in the page's worker.
  await loadOnDemand();
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      reject(new Error(e.code === 'EADDRINUSE' ? `port ${requested} on ${LOOPBACK} is already in use: choose another with --port` : e.code === 'EACCES' ? `port ${requested} on ${LOOPBACK} may not be used by this user: choose another with --port` : `cannot listen on ${LOOPBACK}:${requested}: ${e.message}`));
    });
    server.listen(requested, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : requested;
      const timer = setInterval(() => {
        try {
          pacer.tick();
          link.tick();
        } catch {
          // The simulation never throws for input; a bug here must not take the server down.
        }
      }, options.tickMs ?? 50);
      resolve({
        url: `http://${LOOPBACK}:${port}`,
        port,
        pacer,
        servesPage: files !== undefined,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(timer);
            watches.closeAll();
            link.closeAll();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

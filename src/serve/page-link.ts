/**
 * What an attached page asks of a served simulation, under `/loopscope/v1/` (the page's side: src/worker/attach.ts):
 *
 * - `GET feed`: the live feed (live-feed.ts): the run's recipe, then its inputs and steps as they happen;
 * - `POST act` `{"action": UserAction}`: an action of the page (Apply, a fault, a scenario's action), performed on
 *   the served run as the page's worker would perform it locally; the reply is the worker's `ActReply`;
 * - `POST kubectl` `{"line", "stdin"?, "files"?}`: a line typed in the page's console, run by the same kubectl
 *   program on the served run (src/worker/console-host.ts); the reply is newline-delimited JSON: first
 *   `{"reply": KubectlReply}`, then, while the command keeps printing (`get -w`, a delete waiting for its object),
 *   `{"text", "ended"}` after each pacing tick, until it ends or the page goes away (Ctrl+C aborts the request).
 *
 * Cross-origin requests are answered only for the origins allowed ({@link allowedOrigin}: loopback pages, such as
 * `npm start`'s, and those given with `--allow-origin`); the page `serve` itself serves has the API's own origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Simulation } from '../sim/simulation.ts';
import type { UserAction } from '../sim/actions/user-action.ts';
import { ConsoleHost } from '../worker/console-host.ts';
import type { ActReply, KubectlReply } from '../worker/protocol.ts';
import { FEED_LIMIT, LiveFeeds } from './live-feed.ts';
import { readBody, send } from './http-io.ts';

export const PAGE_LINK_PREFIX = '/loopscope/v1/';
/** A console line, its stdin and its files: the page's own limit for a pasted document. */
const MAX_KUBECTL_BODY = 3 * 1024 * 1024;

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/** The origin to echo in `Access-Control-Allow-Origin`, or null when `origin` may not read or write. */
export function allowedOrigin(origin: string | undefined, extra: readonly string[]): string | null {
  if (!origin) return null;
  return LOOPBACK_ORIGIN.test(origin) || extra.includes(origin) ? origin : null;
}

interface RunningCommand {
  res: ServerResponse;
  console: ConsoleHost;
}

/** The page-facing part of one server: feeds, and console commands still printing. */
export class PageLink {
  readonly feeds: LiveFeeds;
  private readonly running = new Set<RunningCommand>();

  constructor(
    private readonly sim: Simulation,
    private readonly origins: readonly string[] = [],
  ) {
    this.feeds = new LiveFeeds(sim);
  }

  /** Whether `pathname` is the page's; {@link handle} answers it. */
  static owns(pathname: string): boolean {
    return pathname.startsWith(PAGE_LINK_PREFIX);
  }

  /** Answers one request under {@link PAGE_LINK_PREFIX}. Never throws. */
  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const origin = req.headers.origin;
    const allowed = allowedOrigin(origin, this.origins);
    if (origin !== undefined && allowed === null && !sameOrigin(req)) return plain(res, 403, `origin ${origin} may not use this simulation: start serve with --allow-origin ${origin}`);
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', allowed);
      res.setHeader('Vary', 'Origin');
    }
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Allow-Private-Network': 'true',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const what = pathname.slice(PAGE_LINK_PREFIX.length);
    if (what === 'feed' && method === 'GET') {
      if (!this.feeds.open(res)) plain(res, 429, `too many pages attached (at most ${FEED_LIMIT})`);
      return;
    }
    if ((what === 'act' || what === 'kubectl') && method === 'POST') {
      const raw = await readBody(req, MAX_KUBECTL_BODY);
      if (!Buffer.isBuffer(raw)) return plain(res, raw.code || 413, raw.message);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (e) {
        return plain(res, 400, `the body is not JSON: ${(e as Error).message}`);
      }
      if (what === 'act') return this.act(res, body);
      return this.kubectl(res, body);
    }
    plain(res, 404, `no such page request: ${method} ${pathname}`);
  }

  private act(res: ServerResponse, body: unknown): void {
    const action = (body as { action?: unknown } | null)?.action;
    if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string') return plain(res, 400, 'expected {"action": {"type": …}}');
    const r = this.sim.act(action as UserAction);
    const reply: ActReply = { ok: r.ok, messages: r.messages, results: r.results, errors: r.errors };
    send(res, { code: 200, body: reply });
  }

  private kubectl(res: ServerResponse, body: unknown): void {
    const b = body as { line?: unknown; stdin?: unknown; files?: unknown } | null;
    if (typeof b?.line !== 'string') return plain(res, 400, 'expected {"line": "kubectl …"}');
    const files = b.files && typeof b.files === 'object' ? Object.fromEntries(Object.entries(b.files).filter((e): e is [string, string] => typeof e[1] === 'string')) : undefined;
    const host = new ConsoleHost();
    const reply: KubectlReply = host.run(this.sim, b.line, { stdin: typeof b.stdin === 'string' ? b.stdin : undefined, files });
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.write(`${JSON.stringify({ reply })}\n`);
    if (!reply.watching) return void res.end();
    const running: RunningCommand = { res, console: host };
    this.running.add(running);
    res.on('close', () => {
      host.cancel();
      this.running.delete(running);
    });
  }

  /** After each pacing tick: the feeds' advances, and what running commands printed. */
  tick(): void {
    this.feeds.tick();
    for (const r of this.running) {
      const out = r.console.poll(this.sim, false);
      if (!out) continue;
      r.res.write(`${JSON.stringify(out)}\n`);
      if (out.ended) {
        this.running.delete(r);
        r.res.end();
      }
    }
  }

  closeAll(): void {
    this.feeds.closeAll();
    for (const r of this.running) r.res.end();
    this.running.clear();
  }
}

/** A request from the page `serve` serves itself (its Origin is the API's own). */
function sameOrigin(req: IncomingMessage): boolean {
  const host = req.headers.host;
  return host !== undefined && req.headers.origin === `http://${host}`;
}

function plain(res: ServerResponse, code: number, message: string): void {
  send(res, { code, body: null, text: `${message}\n` });
}

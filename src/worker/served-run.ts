/**
 * The worker's HTTP side of attaching to `loopscope serve` (the server's side: src/serve/page-link.ts): reads the
 * live feed (newline-delimited JSON: the run's recipe, then its advances), and sends the page's actions and console
 * lines to the served run. Works wherever `fetch` streams (a Web Worker, Node 20).
 *
 * A feed is data from another program, so it is bounded: a line longer than {@link MAX_FEED_LINE} ends the feed.
 */
import type { ActReply, KubectlReply } from './protocol.ts';

/** The longest feed line read (a recipe of a long run with its manifests, or an advance). */
export const MAX_FEED_LINE = 32 * 1024 * 1024;

/**
 * Reads a newline-delimited stream, handing each non-blank line to `onLine` until it returns false or the stream ends;
 * throws when a line grows past {@link MAX_FEED_LINE}. Resolves 'stopped' (by `onLine`) or 'ended' (the stream did).
 */
export async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: string) => boolean): Promise<'stopped' | 'ended'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'ended';
    buffered += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim() !== '' && !onLine(line)) {
        await reader.cancel().catch(() => undefined);
        return 'stopped';
      }
    }
    if (buffered.length > MAX_FEED_LINE) throw new Error(`a line is longer than ${MAX_FEED_LINE} characters`);
  }
}

/** The base address of a served simulation, from what a person typed or a link held; or an error in words. */
export function servedBase(address: string, pageOrigin?: string): { ok: true; url: string } | { ok: false; error: string } {
  const text = address.trim();
  let url: URL;
  try {
    url = new URL(text === '' && pageOrigin ? pageOrigin : text, pageOrigin);
  } catch {
    return { ok: false, error: `"${text.slice(0, 200)}" is not an address; expected one such as http://127.0.0.1:16443` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: `${url.protocol} is not http or https: expected an address such as http://127.0.0.1:16443` };
  if (url.username || url.password) return { ok: false, error: 'the address may not hold a user name or password' };
  return { ok: true, url: url.origin };
}

/** What a feed line says. */
export type FeedMessage = { type: 'recipe'; recipe: unknown } | { type: 'advance'; step: number; time: number; inputs: unknown[] };

export interface FeedListener {
  message(m: FeedMessage): void;
  /** The feed ended (the server stopped, the network went, a bad line): why, in words. */
  ended(reason: string): void;
}

/** Reads one feed until it ends or {@link stop} is called. */
export class FeedReader {
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly listener: FeedListener,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  start(): void {
    void this.read().catch((e: unknown) => this.end(`the connection to ${this.base} failed: ${(e as Error).message}`));
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
  }

  private end(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.listener.ended(reason);
  }

  private async read(): Promise<void> {
    const res = await this.fetchImpl(`${this.base}/loopscope/v1/feed`, { signal: this.abort.signal, cache: 'no-store' });
    if (!res.ok || !res.body) return this.end(`${this.base} answered ${res.status}${res.ok ? '' : `: ${(await res.text()).slice(0, 300).trim()}`}; is it loopscope serve?`);
    let how: 'stopped' | 'ended';
    try {
      how = await readLines(res.body, (line) => {
        if (this.stopped) return false;
        const message = parseFeedLine(line);
        if (typeof message === 'string') {
          this.stop();
          this.listener.ended(message);
          return false;
        }
        this.listener.message(message);
        return !this.stopped;
      });
    } catch (e) {
      if (this.stopped) return;
      this.stop();
      return this.listener.ended(`${(e as Error).message}: not a Loopscope feed`);
    }
    if (how === 'ended') this.end(`${this.base} ended the feed (the served simulation stopped)`);
  }
}

/** One feed line as a message, or why it is not one. */
export function parseFeedLine(line: string): FeedMessage | string {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return 'the feed sent a line that is not JSON: not a Loopscope feed';
  }
  const m = data as { type?: unknown; recipe?: unknown; step?: unknown; time?: unknown; inputs?: unknown } | null;
  if (m?.type === 'recipe') return { type: 'recipe', recipe: m.recipe };
  if (m?.type === 'advance' && Number.isSafeInteger(m.step) && (m.step as number) >= 0 && Number.isFinite(m.time) && Array.isArray(m.inputs)) {
    return { type: 'advance', step: m.step as number, time: m.time as number, inputs: m.inputs };
  }
  return 'the feed sent a message that is neither a recipe nor an advance: not a Loopscope feed';
}

/** Performs a page action on the served run. */
export async function remoteAct(base: string, action: unknown, fetchImpl: typeof fetch = fetch): Promise<ActReply> {
  try {
    const res = await fetchImpl(`${base}/loopscope/v1/act`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action }) });
    if (!res.ok) return refused(`${base} refused the action (${res.status}): ${(await res.text()).trim().slice(0, 500)}`);
    return (await res.json()) as ActReply;
  } catch (e) {
    return refused(`the served simulation at ${base} could not be reached: ${(e as Error).message}`);
  }
}

function refused(message: string): ActReply {
  return { ok: false, messages: [message], results: [], errors: [{ line: 0, column: 0, message }] };
}

/** A console line run on the served run: its reply, then (while it keeps printing) its output as it comes. */
export interface RemoteCommand {
  readonly reply: Promise<KubectlReply>;
  /** Ctrl+C. */
  cancel(): void;
}

export function remoteKubectl(base: string, line: string, io: { stdin?: string; files?: Record<string, string> }, onOutput: (text: string, ended: boolean) => void, fetchImpl: typeof fetch = fetch): RemoteCommand {
  const abort = new AbortController();
  const failed = (message: string): KubectlReply => ({ stdout: '', stderr: `error: ${message}\n`, exitCode: 1, watching: false });
  const reply = (async (): Promise<KubectlReply> => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}/loopscope/v1/kubectl`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ line, ...io }), signal: abort.signal });
    } catch (e) {
      return failed(`the served simulation at ${base} could not be reached: ${(e as Error).message}`);
    }
    if (!res.ok || !res.body) return failed(`${base} refused the command (${res.status}): ${(await res.text()).trim().slice(0, 500)}`);
    let first: KubectlReply | undefined;
    let endedSeen = false;
    let resolveFirst!: (r: KubectlReply) => void;
    const firstReply = new Promise<KubectlReply>((r) => (resolveFirst = r));
    const body = res.body;
    void (async () => {
      try {
        await readLines(body, (text) => {
          const m = JSON.parse(text) as { reply?: KubectlReply; text?: string; ended?: boolean };
          if (!first) {
            first = m.reply ?? failed('the served simulation sent no reply');
            resolveFirst(first);
          } else {
            endedSeen ||= m.ended === true;
            onOutput(m.text ?? '', m.ended === true);
          }
          return true;
        });
        if (!first) resolveFirst(failed('the served simulation closed the connection without a reply'));
        else if (first.watching && !endedSeen) onOutput('', true);
      } catch (e) {
        if (!first) resolveFirst(failed(`the command's connection failed: ${(e as Error).message}`));
        else if (!abort.signal.aborted) onOutput(`error: the connection to ${base} ended: ${(e as Error).message}\n`, true);
      }
    })();
    return firstReply;
  })();
  return { reply, cancel: () => abort.abort() };
}

/**
 * The HTTP edges of the served API: reading a request body within the api-server's limit, decoding it as JSON or
 * YAML, and writing JSON answers and `Status` failures as kube-apiserver writes them.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/rest.go (limitedReadBody: 3 MiB, "Request entity too large:
 * limit is 3145728"), responsewriters/status.go (a failure's HTTP code is the Status's code).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { badRequest, requestEntityTooLarge, type Status } from '../sim/api/status.ts';

/** kube-apiserver's MaxRequestBodyBytes. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

/** One answer: an HTTP code and a JSON body. */
export interface Reply {
  code: number;
  body: unknown;
  /** `Warning` headers (fieldValidation=Warn), as `299 - "<text>"`. */
  warnings?: string[];
  /** A text answer instead of JSON (`pods/<name>/log`). */
  text?: string;
  /** The JSON's media type when it is not plain `application/json` (aggregated discovery). */
  contentType?: string;
}

export const statusReply = (status: Status): Reply => ({ code: status.code || 500, body: status });

/** Reads the whole body; a body over the limit is a 413 Status (the rest is drained, not kept). */
export function readBody(req: IncomingMessage, limit = MAX_REQUEST_BODY_BYTES): Promise<Buffer | Status> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? requestEntityTooLarge(`limit is ${limit}`) : Buffer.concat(chunks)));
    req.on('error', () => resolve(badRequest('the request body could not be read')));
  });
}

/**
 * Decodes a request body: JSON, or YAML when the content type says so (application/yaml, apply-patch+yaml). A body
 * that is not an object (or a JSON patch's array) is a 400 Status naming what was wrong.
 */
export function decodeBody(body: Buffer, contentType: string | undefined, allowArray = false): { ok: true; value: unknown } | { ok: false; status: Status } {
  const fail = (status: Status) => ({ ok: false as const, status });
  const text = body.toString('utf8');
  if (text.trim() === '') return fail(badRequest('the request body is empty'));
  const yaml = /yaml/i.test(contentType ?? '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (jsonError) {
    if (!yaml) return fail(badRequest(`the request body is not valid JSON: ${(jsonError as Error).message}`));
    try {
      value = parseYaml(text, { maxAliasCount: 100, uniqueKeys: true });
    } catch (yamlError) {
      return fail(badRequest(`the request body is not valid YAML: ${(yamlError as Error).message}`));
    }
  }
  if (Array.isArray(value) ? !allowArray : typeof value !== 'object' || value === null) {
    return fail(badRequest(`the request body must be ${allowArray ? 'an object or an array' : 'an object'}, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`));
  }
  return { ok: true, value };
}

/** Writes one JSON answer. Never throws (a client that went away is ignored). */
export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  let text: string;
  if (reply.text !== undefined) {
    try {
      res.writeHead(reply.code, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
      res.end(reply.text);
    } catch {
      // The socket is gone.
    }
    return;
  }
  try {
    text = JSON.stringify(reply.body);
  } catch (e) {
    text = JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Internal error occurred: ${(e as Error).message}`, reason: 'InternalError', code: 500 });
    reply = { code: 500, body: undefined };
  }
  const headers: Record<string, string | string[]> = { 'Content-Type': reply.contentType ?? 'application/json', 'Cache-Control': 'no-cache, private' };
  if (reply.warnings?.length) headers.Warning = reply.warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  try {
    res.writeHead(reply.code, headers);
    res.end(text);
  } catch {
    // The socket is gone: nothing to answer.
  }
}

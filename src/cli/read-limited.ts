/**
 * Reads a text file the CLI was given, stopping at a byte limit whatever `stat` says: `/dev/zero`, a pipe or a
 * growing file report a size of 0 and would otherwise be read without end (issue 17: 1.5 GB in 12 s). The read is
 * a loop of fixed chunks that stops one byte past the limit.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export type LimitedRead = { ok: true; text: string } | { ok: false; error: string };

const CHUNK = 64 * 1024;

/** The file's text (UTF-8), or why not: missing, a directory, or more than `maxBytes` bytes ("what" names the file's role). */
export function readTextLimited(file: string, maxBytes: number, what = 'the file'): LimitedRead {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    return { ok: false, error: describe(e as NodeJS.ErrnoException) };
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > maxBytes) return { ok: false, error: `${what} is larger than ${maxBytes} bytes (reading stopped there); at most ${maxBytes} bytes are read` };
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (e) {
    return { ok: false, error: describe(e as NodeJS.ErrnoException) };
  } finally {
    closeSync(fd);
  }
}

function describe(err: NodeJS.ErrnoException): string {
  return err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.message;
}

/**
 * The built page (`npm run build` writes `dist/`) served by `loopscope serve` at `/`, so the page and the API share
 * one origin: it attaches to the simulation it was served with (`/?connect=`, see src/ui/attach) with no
 * cross-origin request, and `serve --open` has something to open. Only the build's own files are served (the file
 * list is read once at start, by sirv, a static-file server); every other path stays the Kubernetes API's.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

export interface PageFiles {
  /** Whether `pathname` is one of the page's files (or `/`). */
  owns(pathname: string, method: string | undefined): boolean;
  serve(req: IncomingMessage, res: ServerResponse): void;
}

/** The page built in `dir`, or undefined when it has no `index.html` (the page was not built). */
export function pageFiles(dir: string): PageFiles | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const paths = new Set(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => `/${join(d.parentPath, d.name).slice(dir.length).replace(/^[\\/]+/, '').replaceAll('\\', '/')}`));
  const handler = sirv(dir, { etag: true, single: false, dev: false });
  return {
    owns(pathname, method) {
      if (method !== 'GET' && method !== 'HEAD') return false;
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      return decoded === '/' || paths.has(decoded);
    },
    serve(req, res) {
      handler(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not found\n');
      });
    },
  };
}

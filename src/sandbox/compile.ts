/**
 * TypeScript source → the JavaScript the sandbox evaluates, with sucrase (it only strips types and turns `export` into
 * `module.exports`, and keeps every line where it was, so a runtime error's line is the user's line without a source
 * map). Type errors are the editor's business (Monaco's TypeScript worker); here only syntax can fail.
 *
 * The result is wrapped in a function on the first line (lines stay put; only line 1's columns shift, which
 * {@link USER_FILE} stacks correct with {@link WRAPPER_PREFIX}'s length).
 */
import { transform } from 'sucrase';
import type { ProgramError } from '../sim/cluster/controller-program.ts';

/** The file name the user's frames carry in stacks. */
export const USER_FILE = 'controller.ts';

export const WRAPPER_PREFIX =
  '(function () { var module = { exports: {} }; var exports = module.exports; var require = function (n) { throw new Error("imports are not available in a controller: " + n); }; ';
const WRAPPER_SUFFIX = '\n;__loopscope.load(module.exports); })();';

export type Transpiled = { ok: true; code: string } | { ok: false; error: ProgramError };

/** Strips the types and wraps the module; a syntax error names its line and column in the user's source. */
export function transpile(source: string): Transpiled {
  let js: string;
  try {
    js = transform(source, { transforms: ['typescript', 'imports'], filePath: USER_FILE, production: true }).code;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // sucrase: "Unexpected token, expected \",\" (3:12)" — 1-based line, 0-based column.
    const m = /\((\d+):(\d+)\)\s*$/.exec(message);
    const line = m ? Number(m[1]) : 0;
    const column = m ? Number(m[2]) + 1 : 0;
    return { ok: false, error: { message: `syntax error: ${message.replace(/\s*\(\d+:\d+\)\s*$/, '')}${line ? ` (line ${line})` : ''}`, line, column } };
  }
  return { ok: true, code: WRAPPER_PREFIX + js + WRAPPER_SUFFIX };
}

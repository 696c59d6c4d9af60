/** ANSI colours for the terminal, or none: the CLI colours only when stdout is a TTY and NO_COLOR is unset. */
export interface Paint {
  dim(s: string): string;
  bold(s: string): string;
  red(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
}

const sgr = (open: number, close: number) => (s: string): string => `\u001b[${open}m${s}\u001b[${close}m`;

export const ANSI: Paint = { dim: sgr(2, 22), bold: sgr(1, 22), red: sgr(31, 39), green: sgr(32, 39), cyan: sgr(36, 39) };

const same = (s: string): string => s;
export const PLAIN: Paint = { dim: same, bold: same, red: same, green: same, cyan: same };

/** Colours on when forced, else when `isTTY` and the NO_COLOR convention (no-color.org) does not say otherwise. */
export function choosePaint(force: boolean | undefined, isTTY: boolean, env: Record<string, string | undefined>): Paint {
  if (force !== undefined) return force ? ANSI : PLAIN;
  return isTTY && !env.NO_COLOR ? ANSI : PLAIN;
}

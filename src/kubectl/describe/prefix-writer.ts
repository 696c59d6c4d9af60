/**
 * describe.go's PrefixWriter: text at an indentation level (two spaces a level), escaped for the terminal
 * (cli-runtime `printers.WriteEscaped`: ESC as "^[", CR as "\r"), collected and then laid out by Go's
 * text/tabwriter with describe's settings (`tabbedString`: minwidth 0, tabwidth 8, padding 2).
 */
import { goTabwriter } from '../printers/text-tabwriter.ts';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;
export const LEVEL_4 = 4;

const ESC = String.fromCharCode(0x1b);

export function escapeTerminal(s: string): string {
  return s.replaceAll(ESC, '^[').replaceAll('\r', '\\r');
}

export class PrefixWriter {
  private text = '';

  /** `Write(level, format, args…)` with the arguments already formatted into `s`. */
  write(level: number, s: string): void {
    this.text += escapeTerminal('  '.repeat(level) + s);
  }

  /** `WriteLine(a…)`: the text and a line break, no indentation. */
  writeLine(s = ''): void {
    this.text += escapeTerminal(`${s}\n`);
  }

  /** What was written, before the tabwriter lays it out (what upstream's tests read from a plain PrefixWriter). */
  raw(): string {
    return this.text;
  }

  /** The laid-out output (`tabbedString`). */
  toString(): string {
    return goTabwriter(this.text);
  }
}

/** describe.go nestedPrefixWriter: every write `indent` levels deeper. */
export class NestedPrefixWriter {
  constructor(
    private readonly out: PrefixWriter,
    private readonly indent: number,
  ) {}
  write(level: number, s: string): void {
    this.out.write(level + this.indent, s);
  }
  writeLine(s = ''): void {
    this.out.write(this.indent, `${s}\n`);
  }
}

/**
 * Go's text/tabwriter, as kubectl's describers use it (`tabbedString`: minwidth 0, tabwidth 8, padding 2, pad
 * character ' ', no flags). Unlike a table, describe output mixes lines of different shapes, so the real algorithm
 * matters: a column is aligned only over a block of consecutive lines that all have a tab-terminated cell in it, and
 * the block is cut by any line that has fewer cells (tabwriter.go `format`). Widths count runes.
 */

interface Cell {
  text: string;
  width: number;
}

function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export interface TabWriterOptions {
  minwidth: number;
  padding: number;
  padchar: string;
}

/** `tabwriter.NewWriter(out, minwidth, tabwidth, padding, padchar, 0)` written to in full, then flushed. */
export function goTabwriter(text: string, options: TabWriterOptions = { minwidth: 0, padding: 2, padchar: ' ' }): string {
  // Split into lines of cells: each cell but the last of a line was terminated by '\t' (\v and \f are not
  // produced by the describers; \f would also end a line).
  const lines: Cell[][] = text.split(/\n|\f/).map((line) => line.split(/\t|\v/).map((t) => ({ text: t, width: runeCount(t) })));
  const out: string[] = [];
  const widths: number[] = [];

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i]!;
      let s = '';
      line.forEach((c, j) => {
        s += c.text;
        if (j < widths.length) s += options.padchar.repeat(Math.max(0, widths[j]! - c.width));
      });
      out.push(s);
    }
  };

  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= lines[t]!.length - 1) continue;
      // A cell exists in this column: print the lines before the block, then measure the block.
      writeLines(line0, t);
      line0 = t;
      let width = options.minwidth;
      for (; t < line1; t++) {
        const line = lines[t]!;
        if (column >= line.length - 1) break;
        width = Math.max(width, line[column]!.width + options.padding);
      }
      widths.push(width);
      format(line0, t);
      widths.pop();
      line0 = t; // the loop's increment then skips the line that ended the block, which has no cell here
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n');
}

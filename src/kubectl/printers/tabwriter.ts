/**
 * kubectl's column layout: cli-runtime `printers.GetNewTabWriter`, a `github.com/liggitt/tabwriter` (Go's
 * text/tabwriter plus RememberWidths) with minwidth 6, tabwidth 4, padding 3, pad character ' ' and the flag
 * RememberWidths. Cells are separated by '\t'; each line's last cell is not part of a column and is written as is.
 * A column is as wide as its widest cell plus the padding, and at least minwidth; with RememberWidths a column never
 * shrinks below the width it had at an earlier flush (what keeps `kubectl get -w` rows aligned with the header).
 */

const MIN_WIDTH = 6;
const PADDING = 3;

/** Width of a cell as text/tabwriter counts it: UTF-8 runes. */
function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class TabWriter {
  /** Column widths remembered from earlier flushes (RememberWidths). */
  private widths: number[] = [];

  /**
   * Lays out lines of cells. Every cell but the last of a line is padded to its column's width; columns are aligned
   * over the whole batch (kubectl's tables give every line the same number of cells, so there is one column block).
   */
  format(lines: readonly (readonly string[])[]): string {
    const widths = this.widths;
    for (const cells of lines) {
      for (let c = 0; c < cells.length - 1; c++) {
        const w = Math.max(MIN_WIDTH, runeCount(cells[c]!) + PADDING);
        if (widths[c] === undefined || w > widths[c]!) widths[c] = w;
      }
    }
    let out = '';
    for (const cells of lines) {
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c]!;
        out += c === cells.length - 1 ? cell : cell + ' '.repeat(Math.max(0, widths[c]! - runeCount(cell)));
      }
      out += '\n';
    }
    return out;
  }
}

/** One table laid out on its own (a fresh writer: no remembered widths). */
export function formatColumns(lines: readonly (readonly string[])[]): string {
  return new TabWriter().format(lines);
}

import { expect, test } from 'vitest';
import { TabWriter, formatColumns } from './tabwriter.ts';

test('columns are the widest cell plus 3 spaces; the last cell is not padded', () => {
  expect(formatColumns([['NAME', 'READY', 'AGE'], ['web-1', '1/1', '5s']])).toBe('NAME    READY   AGE\nweb-1   1/1     5s\n');
});

test('a column is at least 6 wide (tabwriter minwidth), as with --no-headers', () => {
  expect(formatColumns([['a', '0', 'x'], ['b', '1', 'y']])).toBe('a     0     x\nb     1     y\n');
});

test('widths count runes, not UTF-16 units', () => {
  expect(formatColumns([['😀😀😀😀', 'x'], ['a', 'y']])).toBe('😀😀😀😀   x\na      y\n');
});

test('RememberWidths: a later batch keeps the wider columns of an earlier one', () => {
  const w = new TabWriter();
  expect(w.format([['NAME', 'STATUS'], ['a-long-pod-name', 'Running']])).toBe('NAME              STATUS\na-long-pod-name   Running\n');
  expect(w.format([['b', 'Pending']])).toBe('b                 Pending\n');
});

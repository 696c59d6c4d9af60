import { expect, test } from 'vitest';
import { goTabwriter } from './text-tabwriter.ts';

test('columns align only within a block of consecutive lines that have the cell', () => {
  const text = 'Name:\tweb\nNamespace:\tdefault\nPod Template:\n  Labels:\tapp=web\n  Containers:\n';
  expect(goTabwriter(text)).toBe('Name:       web\nNamespace:  default\nPod Template:\n  Labels:  app=web\n  Containers:\n');
});

test('nested columns: a longer line widens only the block it belongs to', () => {
  const text = 'a\tb\tc\naaaa\tb\tc\nx\n\tyy\tz\n';
  expect(goTabwriter(text)).toBe('a     b  c\naaaa  b  c\nx\n  yy  z\n');
});

test('empty leading cells are padded; the last cell is never padded', () => {
  expect(goTabwriter('Labels:\tapp=web\n\tpod-template-hash=1\n')).toBe('Labels:  app=web\n         pod-template-hash=1\n');
});

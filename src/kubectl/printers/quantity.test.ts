/** Quantity.String() canonical forms, as apimachinery's quantity_test.go pins them. */
import { expect, test } from 'vitest';
import { addQuantity, formatQuantity, milliValue, parseQuantity, value } from './quantity.ts';

const canon = (s: string): string => formatQuantity(parseQuantity(s)!);

test.each([
  ['0', '0'], ['100m', '100m'], ['0.1', '100m'], ['1000', '1k'], ['1500m', '1500m'], ['1.5', '1500m'], ['2000m', '2'],
  ['1Ki', '1Ki'], ['2048Ki', '2Mi'], ['1.5Gi', '1536Mi'], ['0.5Gi', '512Mi'], ['1.5Ki', '1536'], ['0.5Ki', '512'], ['1024', '1024'],
  ['1e3', '1e3'], ['1.5e3', '1500'], ['4G', '4G'], ['20G', '20G'], ['64Mi', '64Mi'], ['-100m', '-100m'], ['1n', '1n'], ['1u', '1u'],
])('%s → %s', (input, want) => expect(canon(input)).toBe(want));

test('sums keep the first operand\'s format; MilliValue and Value round up', () => {
  expect(formatQuantity(addQuantity(parseQuantity('100Mi')!, parseQuantity('100Mi')!))).toBe('200Mi');
  expect(formatQuantity(addQuantity(parseQuantity('1Ki')!, parseQuantity('500')!))).toBe('1524');
  expect(formatQuantity(addQuantity(parseQuantity('100m')!, parseQuantity('900m')!))).toBe('1');
  expect(milliValue(parseQuantity('1n')!)).toBe(1n);
  expect(value(parseQuantity('100m')!)).toBe(1n);
  expect(parseQuantity('1.2.3')).toBeUndefined();
  expect(parseQuantity('12 Mi')).toBeUndefined();
});

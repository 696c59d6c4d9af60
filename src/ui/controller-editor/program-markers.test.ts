import { describe, expect, it } from 'vitest';
import { installMarkers, runtimeMarkers } from './program-markers.ts';

describe('user controller markers', () => {
  it('puts an install error on its line, and one without a place on the first line', () => {
    expect(installMarkers([{ line: 3, column: 12, message: 'line 3: syntax error' }, { line: 0, column: 0, message: 'no runner' }], 10)).toEqual([
      { startLineNumber: 3, startColumn: 12, endLineNumber: 3, endColumn: 1000, message: 'line 3: syntax error', severity: 'error', source: 'install' },
      { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1000, message: 'no runner', severity: 'error', source: 'install' },
    ]);
  });

  it('marks the runtime errors logged since the install, the newest per line, within the text', () => {
    const logs = [
      { at: 5, key: 'default/a', line: 'old', error: { line: 4, column: 2 } },
      { at: 20, key: 'default/a', line: 'log line' },
      { at: 30, key: 'default/a', line: 'TypeError: x in reconcile at line 4', error: { line: 4, column: 7 } },
      { at: 40, key: 'default/b', line: 'stopped at line 99', error: { line: 99, column: 0 } },
      { at: 50, key: 'default/b', line: 'TypeError: y in reconcile at line 4', error: { line: 4, column: 9 } },
    ];
    expect(runtimeMarkers(logs, 10, 20).map((m) => [m.startLineNumber, m.startColumn, m.message])).toEqual([
      [4, 9, 'default/b: TypeError: y in reconcile at line 4'],
      [20, 1, 'default/b: stopped at line 99'],
    ]);
  });
});

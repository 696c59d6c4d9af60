/**
 * Where a user controller's problems go in its editor: an install's compile errors (the action's errors, with the
 * line and column of the source) and the program's runtime errors from its log (ControllerDetail.logs), each on its
 * line. Monaco-free, so it is tested in Node.
 */
import type { EditorMarker } from '../editor/markers.ts';

/** The action's errors (install-controller answers compile errors with their place; line 0: no place). */
export function installMarkers(errors: ReadonlyArray<{ line: number; column: number; message: string }>, lineCount: number): EditorMarker[] {
  return errors.map((e) => marker(e.line, e.column, e.message, 'install', lineCount));
}

/** The runtime errors logged since `since` (virtual ms), the newest per line. */
export function runtimeMarkers(
  logs: ReadonlyArray<{ at: number; key: string; line: string; error?: { line: number; column: number } }>,
  since: number,
  lineCount: number,
): EditorMarker[] {
  const byLine = new Map<number, EditorMarker>();
  for (const l of logs) {
    if (!l.error || l.at < since) continue;
    const m = marker(l.error.line, l.error.column, `${l.key}: ${l.line}`, 'reconcile', lineCount);
    byLine.set(m.startLineNumber, m);
  }
  return [...byLine.values()];
}

function marker(line: number, column: number, message: string, source: string, lineCount: number): EditorMarker {
  // An error without a place (line 0) goes on the first line, so it is seen in the editor too.
  const l = line >= 1 ? Math.min(line, Math.max(1, lineCount)) : 1;
  return { startLineNumber: l, startColumn: Math.max(1, column), endLineNumber: l, endColumn: 1000, message, severity: 'error', source };
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextLimited } from './read-limited.ts';

describe('readTextLimited', () => {
  it('stops at the limit whatever stat says: /dev/zero is refused after limit + 1 bytes, at once', () => {
    const started = performance.now();
    expect(readTextLimited('/dev/zero', 1024 * 1024, 'the scenario file')).toEqual({ ok: false, error: 'the scenario file is larger than 1048576 bytes (reading stopped there); at most 1048576 bytes are read' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads a file at the limit, and names a missing file or a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-limited-'));
    writeFileSync(join(dir, 'a.yaml'), 'é'.repeat(512)); // 1024 bytes
    expect(readTextLimited(join(dir, 'a.yaml'), 1024)).toEqual({ ok: true, text: 'é'.repeat(512) });
    expect(readTextLimited(join(dir, 'a.yaml'), 1023).ok).toBe(false);
    expect(readTextLimited(join(dir, 'missing.yaml'), 1024)).toEqual({ ok: false, error: 'no such file' });
    expect(readTextLimited(dir, 1024)).toEqual({ ok: false, error: 'is a directory' });
  });
});

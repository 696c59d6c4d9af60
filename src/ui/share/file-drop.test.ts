import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { droppedKind } from './file-drop.tsx';

describe('a dropped file', () => {
  it('is told by its top-level kind', () => {
    expect(droppedKind('apiVersion: loopscope/v1\nkind: Scenario\n')).toBe('Scenario');
    expect(droppedKind('apiVersion: loopscope/v1\nkind: "Lesson"  # a lesson\n')).toBe('Lesson');
    expect(droppedKind('apiVersion: apps/v1\nkind: Deployment\n')).toBeNull();
    expect(droppedKind('metadata:\n  kind: Lesson\n')).toBeNull();
  });

  it('every scenario and lesson of the repository is recognised', () => {
    for (const [dir, kind] of [['scenarios', 'Scenario'], ['lessons', 'Lesson']] as const) {
      for (const f of readdirSync(new URL(`../../../${dir}/`, import.meta.url)).filter((n) => n.endsWith('.yaml'))) {
        expect(droppedKind(readFileSync(new URL(`../../../${dir}/${f}`, import.meta.url), 'utf8')), f).toBe(kind);
      }
    }
  });
});

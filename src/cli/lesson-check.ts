/**
 * `loopscope lesson check [files…]`: parses each lesson (errors name file, line and column: exit 2), plays it as a
 * test with src/lessons/lesson-check.ts, prints a line per step and the totals as the last line, and exits 0 when
 * every step passed, 1 otherwise.
 */
import { readdirSync } from 'node:fs';
import { readTextLimited } from './read-limited.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatScenarioError, MAX_SCENARIO_CHARS } from '../sim/scenario/parse-scenario.ts';
import type { LessonCheckCommand } from './args.ts';
import type { CliDeps } from './main.ts';
import { choosePaint } from './paint.ts';

/** The repository's lessons folder. */
export const LESSONS_DIR = fileURLToPath(new URL('../../lessons/', import.meta.url));

/** Every lessons/*.yaml, sorted. */
export function lessonFiles(dir = LESSONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

export async function lessonCheck(cmd: LessonCheckCommand, io: CliDeps): Promise<number> {
  let files: string[];
  try {
    files = cmd.files.length ? cmd.files : lessonFiles();
  } catch (e) {
    io.err(`loopscope: cannot list lessons/: ${(e as Error).message}\n`);
    return 2;
  }
  const { parseLesson } = await import('../lessons/parse-lesson.ts');
  const lessons = [];
  const errors: string[] = [];
  for (const file of files) {
    const text = read(file);
    if (typeof text !== 'string') {
      errors.push(`${file}: line 1, column 1: ${text.error}`);
      continue;
    }
    const parsed = parseLesson(text);
    if (!parsed.ok) errors.push(...parsed.errors.map((e) => formatScenarioError(e, file)));
    else lessons.push(parsed.lesson);
  }
  if (errors.length) {
    if (cmd.json) io.out(`${JSON.stringify({ ok: false, errors })}\n`);
    else io.err(`${errors.join('\n')}\n`);
    return 2;
  }
  const seen = new Map<string, number>();
  for (const l of lessons) seen.set(l.id, (seen.get(l.id) ?? 0) + 1);
  const dup = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  if (dup.length) {
    io.err(`loopscope: two lessons have the same metadata.name: ${dup.join(', ')}\n`);
    return 2;
  }
  let checkLesson;
  try {
    ({ checkLesson } = await import('../lessons/lesson-check.ts'));
  } catch (e) {
    io.err(`loopscope: cannot load the simulation: ${(e as Error).message}\n`);
    return 3;
  }
  const paint = choosePaint(cmd.color, io.isTTY, io.env);
  const results = [];
  for (const lesson of lessons) {
    const steps = checkLesson(lesson);
    results.push(...steps);
    if (!cmd.json) {
      const lines = steps.map((s) => `${s.passed ? paint.green('✓') : paint.red('✗')} ${s.lesson}/step-${s.step + 1}: ${s.title}${s.passed ? paint.dim(` (${s.message})`) : `: ${s.message}`}`);
      io.out(`${lines.join('\n')}\n`);
    }
  }
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  if (cmd.json) io.out(`${JSON.stringify({ ok: failed === 0, passed, failed, steps: results })}\n`);
  else io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

function read(file: string): string | { error: string } {
  // UTF-8 is at most four bytes a character: past that many bytes the text is surely too long.
  const r = readTextLimited(file, MAX_SCENARIO_CHARS * 4, `the lesson file (a lesson may have at most ${MAX_SCENARIO_CHARS} characters)`);
  return r.ok ? r.text : { error: r.error };
}

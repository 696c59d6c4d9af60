import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibraries } from '../sim/libraries.ts';
import { formatScenarioError } from '../sim/scenario/parse-scenario.ts';
import { parseLesson } from './parse-lesson.ts';

beforeAll(loadLibraries);

const tiny = readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8');
const errorsOf = (text: string): string[] => {
  const r = parseLesson(text);
  return r.ok ? [] : r.errors.map((e) => formatScenarioError(e));
};
const lineOf = (needle: string): number => tiny.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('parseLesson', () => {
  it('reads a valid lesson: set-up, steps, relative times, defaults', () => {
    const r = parseLesson(tiny);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const l = r.lesson;
    expect(l).toMatchObject({ id: 'tiny', title: 'Tiny', order: 99, warmup: 10_000 });
    expect(l.setup.seed).toBe(7);
    expect(l.steps).toHaveLength(3);
    expect(l.steps[1]!.setup[0]).toMatchObject({ at: 2000, select: { selector: 'app=web', pick: 'oldest' } });
    expect(l.steps[1]!.predict).toMatchObject({ kind: 'single', answer: 'rs', reveal: { within: 30_000 } });
    expect(l.steps[2]!.task).toMatchObject({ within: 30_000, hints: [{ text: 'first', after: { attempts: 1 } }, { text: 'second', after: { time: 20_000 } }] });
    expect(l.steps[2]!.source).toEqual({ path: 'steps[2]', line: lineOf('- title: Task') });
  });

  it('names line, column and path of an unknown field', () => {
    expect(errorsOf(tiny.replace('    narration: Now you.', '    narration: Now you.\n    naration: typo'))).toEqual([
      `line ${lineOf('narration: Now you.') + 1}, column 15: steps[2].naration: unknown field "naration"`,
    ]);
  });

  it('checks that answers are among the choices', () => {
    expect(errorsOf(tiny.replace('      answer: rs', '      answer: nobody'))).toEqual([`line ${lineOf('      answer: rs')}, column 15: steps[1].predict.answer: "nobody" is not one of the choices (rs, kubelet)`]);
  });

  it('refuses absolute times in a task check: the window is the step', () => {
    expect(errorsOf(tiny.replace('        - {object: rs/web, field: status.readyReplicas, equals: 3}', '        - {at: 5s, object: rs/web, field: status.readyReplicas, equals: 3}'))).toEqual([
      `line ${lineOf('field: status.readyReplicas, equals: 3')}, column 16: steps[2].task.checks[1].at: at is not used in a lesson: checks look at what happened since the step opened`,
    ]);
  });

  it('wants a kebab-case id, a solution for every task, and a reveal with run or until', () => {
    expect(errorsOf(tiny.replace('  name: tiny', '  name: Tiny_One'))[0]).toMatch(/^line 5, column 9: metadata.name: an id is kebab-case/);
    expect(errorsOf(tiny.replace(/ {6}solution:\n {8}- scale: \{object: rs\/web, replicas: 3\}\n/, ''))).toEqual([`line ${lineOf('    task:') + 1}, column 7: steps[2].task.solution: Invalid input: expected array, received undefined`]);
    expect(errorsOf(tiny.replace('        within: 30s\n        explanation', '        run: 5s\n        within: 30s\n        explanation'))[0]).toMatch(/steps\[1\]\.predict\.reveal: a reveal has exactly one of: run \(a duration\), until \(a check\)$/);
  });

  it('reads kubectl command lines as step actions', () => {
    const r = parseLesson(tiny.replace('        - scale: {object: rs/web, replicas: 3}', '        - kubectl: kubectl scale rs web --replicas=3\n        - {after: 1s, kubectl: "get pods", expectError: "[bad"}'));
    expect(r.ok ? [] : r.errors.map((e) => formatScenarioError(e))).toEqual([`line ${lineOf('- scale: {object: rs/web, replicas: 3}') + 1}, column 57: steps[2].task.solution[1].expectError: invalid regular expression (RE2 syntax): error parsing regexp: missing closing ]: \`[bad\``]);
    const ok = parseLesson(tiny.replace('        - scale: {object: rs/web, replicas: 3}', '        - kubectl: kubectl scale rs web --replicas=3'));
    expect(ok.ok && ok.lesson.steps[2]!.task!.solution[0]).toMatchObject({ at: 0, kubectl: 'scale rs web --replicas=3' });
  });

  it("checks its patterns as they run, with RE2, as a scenario's are: a back-reference JavaScript would take is refused", () => {
    const r = parseLesson(tiny.replace('        - scale: {object: rs/web, replicas: 3}', '        - scale: {object: rs/web, replicas: 3}\n        - {after: 1s, kubectl: "get pods", expectError: "(a)\\\\1"}'));
    expect(r.ok ? [] : r.errors.map((e) => formatScenarioError(e))).toEqual([expect.stringMatching(/steps\[2\]\.task\.solution\[1\]\.expectError: invalid regular expression \(RE2 syntax\): error parsing regexp: invalid escape sequence: `\\1`$/)]);
    // A pattern that would backtrack for ever in JavaScript is fine: RE2 runs it in linear time.
    expect(parseLesson(tiny.replace('        - scale: {object: rs/web, replicas: 3}', '        - scale: {object: rs/web, replicas: 3}\n        - {after: 1s, kubectl: "get pods", expectError: "((a*)*)*b"}')).ok).toBe(true);
  });

  it("checks a label-events item's message pattern with RE2 too", () => {
    const drill = readFileSync(new URL('../../lessons/07-mini-drill.yaml', import.meta.url), 'utf8');
    expect(parseLesson(drill).ok).toBe(true);
    const r = parseLesson(drill.replace('event: {reason: SuccessfulCreate, message: "^Created pod: web-"}\n          answer: replicaset-controller', 'event: {reason: SuccessfulCreate, message: "(?<=Created) pod"}\n          answer: replicaset-controller'));
    expect(r.ok ? [] : r.errors.map((e) => formatScenarioError(e))).toEqual([expect.stringMatching(/\.predict\.items\[1\]\.event\.message: invalid regular expression \(RE2 syntax\): error parsing regexp: invalid named capture/)]);
  });

  it('checks manifests inside step actions at their line', () => {
    const bad = tiny.replace('        - scale: {object: rs/web, replicas: 3}', '        - apply: |\n            apiVersion: example.com/v1\n            kind: Widget\n            metadata: {name: w}');
    expect(errorsOf(bad)).toEqual([`line ${lineOf('- scale: {object: rs/web, replicas: 3}') + 1}, column 13: steps[2].task.solution[0].apply: no matches for kind "Widget" in version "example.com/v1" (ensure CRDs are installed first)`]);
  });

  it('refuses hostile input fast, as the scenario format does', () => {
    expect(errorsOf('a: &a [1]\n'.repeat(1) + 'b: ' + '['.repeat(100))[0]).toBe('line 2, column 68: nested too deeply (more than 64 levels of [ ] or { }); refusing to parse');
    expect(errorsOf('x'.repeat(300_000))).toEqual(['line 1, column 1: the file is 300000 characters; a lesson may have at most 262144']);
  });
});

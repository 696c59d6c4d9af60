import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { deploymentYaml, harness } from './testing/sim-host-harness.ts';

const DEPLOYMENT = deploymentYaml(2);

describe('SimHost: the kubectl console', () => {
  it('runs a command line, logs its mutation as a user input and streams a watch until cancelled', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'speed', speed: 50 });
    h.host.receive({ type: 'play' });
    h.run(400);
    h.host.receive({ type: 'kubectl', requestId: 2, line: 'kubectl get deployments' });
    const get = h.reply(2);
    expect(get).toMatchObject({ ok: true, kind: 'kubectl' });
    if (get?.ok && get.kind === 'kubectl') {
      expect(get.result.stdout).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+2\/2/);
      expect(get.result.exitCode).toBe(0);
    }
    h.host.receive({ type: 'kubectl', requestId: 3, line: 'kubectl scale deployment web --replicas=3' });
    const scaled = h.reply(3);
    if (scaled?.ok && scaled.kind === 'kubectl') expect(scaled.result.stdout).toBe('deployment.apps/web scaled\n');
    h.host.receive({ type: 'recipe', requestId: 4 });
    const recipe = h.reply(4);
    if (recipe?.ok && recipe.kind === 'recipe') expect(recipe.recipe.inputs.some((i) => i.action.type === 'scale')).toBe(true);

    h.host.receive({ type: 'kubectl', requestId: 5, line: 'kubectl get pods -w' });
    const watch = h.reply(5);
    expect(watch?.ok && watch.kind === 'kubectl' && watch.result.watching).toBe(true);
    const before = h.frames().length;
    h.run(2000);
    const printed = h.frames().slice(before).map((f) => f.console ?? '').join('');
    expect(printed).toMatch(/web-/);
    h.host.receive({ type: 'kubectlCancel' });
    const after = h.frames().length;
    h.host.receive({ type: 'kubectl', requestId: 6, line: 'kubectl scale deployment web --replicas=1' });
    h.run(2000);
    expect(h.frames().slice(after).some((f) => f.console)).toBe(false);
  });

  it('completes names and saves a kubectl edit as kubectl edit does', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'kubectlComplete', requestId: 2, line: 'kubectl get deploy', cursor: 18 });
    const c = h.reply(2);
    expect(c?.ok && c.kind === 'complete' && c.result.candidates).toContain('deployments');
    h.host.receive({ type: 'kubectlComplete', requestId: 3, line: 'kubectl scale deployment w', cursor: 26 });
    const names = h.reply(3);
    expect(names?.ok && names.kind === 'complete' && names.result).toEqual({ from: 25, candidates: ['web'] });

    h.host.receive({ type: 'kubectlComplete', requestId: 7, line: 'kubectl apply -f des', cursor: 20, files: ['desired-state.yaml'] });
    const file = h.reply(7);
    expect(file?.ok && file.kind === 'complete' && file.result.candidates).toEqual(['desired-state.yaml']);
    h.host.receive({ type: 'kubectl', requestId: 8, line: 'kubectl explain deployment.spec.replicas' });
    const explain = h.reply(8);
    expect(explain?.ok && explain.kind === 'kubectl' && explain.result.stdout).toMatch(/^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n\nFIELD: replicas/);
    h.host.receive({ type: 'kubectl', requestId: 4, line: 'kubectl edit deployment web' });
    const edit = h.reply(4);
    if (!(edit?.ok && edit.kind === 'kubectl' && edit.result.edit)) throw new Error('no edit');
    const yaml = edit.result.edit.yaml.replace(/replicas: 2/, 'replicas: 4');
    h.host.receive({ type: 'kubectlEditSave', requestId: 5, ref: edit.result.edit.ref, yaml });
    const saved = h.reply(5);
    expect(saved?.ok && saved.kind === 'kubectl' && saved.result.stdout).toBe('deployment.apps/web edited\n');
    h.host.receive({ type: 'kubectlEditSave', requestId: 6, ref: edit.result.edit.ref, yaml: 'not: [yaml' });
    const bad = h.reply(6);
    expect(bad?.ok && bad.kind === 'kubectl' && bad.result.exitCode).toBe(1);
  });

  it('a command that waits (delete waits for the pod to go) ends by itself, and the page is told', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'speed', speed: 20 });
    h.host.receive({ type: 'play' });
    h.run(500);
    h.host.receive({ type: 'kubectl', requestId: 2, line: 'kubectl get pods -o name' });
    const names = h.reply(2);
    const pod = names?.ok && names.kind === 'kubectl' ? names.result.stdout.split('\n')[0]! : '';
    expect(pod).toMatch(/^pod\/web-/);
    h.host.receive({ type: 'kubectl', requestId: 3, line: `kubectl delete ${pod}` });
    const del = h.reply(3);
    expect(del?.ok && del.kind === 'kubectl' && del.result.stdout).toContain('deleted');
    const before = h.frames().length;
    h.run(5000);
    expect(h.frames().slice(before).filter((f) => f.consoleEnded)).toHaveLength(1);
  });

  it('answers a bad command line as kubectl does, and the simulation goes on', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'kubectl', requestId: 2, line: 'kubectl scale deployment web --replica=3' });
    const r = h.reply(2);
    if (r?.ok && r.kind === 'kubectl') {
      expect(r.result.exitCode).toBe(1);
      expect(r.result.stderr).toContain('unknown flag: --replica');
    } else throw new Error('no kubectl reply');
    h.host.receive({ type: 'kubectl', requestId: 3, line: 'x'.repeat(70 * 1024) });
    expect(h.reply(3)).toMatchObject({ ok: false, error: expect.stringContaining('line') });
    h.host.receive({ type: 'play' });
    h.run(200);
    expect(h.frames().at(-1)!.now).toBeGreaterThan(0);
  });
});

describe('SimHost: lessons', () => {
  const text = readFileSync(new URL('../../lessons/01-spec-vs-status.yaml', import.meta.url), 'utf8');

  it('opens a lesson, sends its view, and holds time while a question waits', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, lesson: { text, step: 1 } } });
    expect(h.reply(1)).toMatchObject({ ok: true, kind: 'init' });
    h.host.tick();
    const view = h.frames().at(-1)!.lesson;
    expect(view).toMatchObject({ lesson: { id: 'spec-vs-status' }, step: 1, phase: 'predict' });
    const t0 = h.frames().at(-1)!.now;
    h.host.receive({ type: 'play' });
    h.run(500);
    expect(h.frames().at(-1)!.now).toBe(t0);
    h.host.receive({ type: 'step', count: 10 });
    h.host.tick();
    expect(h.frames().at(-1)!.now).toBe(t0);
    h.host.receive({ type: 'lesson', requestId: 2, op: 'answer', answer: { kind: 'controller', controller: 'kubelet' } });
    const wrong = h.reply(2);
    expect(wrong).toMatchObject({ ok: true, kind: 'lesson', answer: { correct: false } });
    h.host.receive({ type: 'lesson', requestId: 3, op: 'answer', answer: { kind: 'controller', controller: 'deployment-controller' } });
    expect(h.reply(3)).toMatchObject({ ok: true, kind: 'lesson', answer: { correct: true } });
    h.host.receive({ type: 'play' });
    h.run(500);
    expect(h.frames().at(-1)!.now).toBeGreaterThan(t0);
  });

  it('a lesson file with an error, or a step it does not have, is an error reply and no lesson opens', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, lesson: { text: 'apiVersion: loopscope/v1\nkind: Lesson\nsteps: 3\n' } } });
    expect(h.reply(1)).toMatchObject({ ok: false, error: expect.stringMatching(/line \d+/) });
    h.host.receive({ type: 'init', v: 1, requestId: 2, setup: { seed: 1, lesson: { text, step: 99 } } });
    expect(h.reply(2)).toMatchObject({ ok: false, error: expect.stringContaining('there is no step 100') });
  });

  it("a step's timed set-up action happens at its instant in the page, however coarse the frames", () => {
    const queue = readFileSync(new URL('../../lessons/12-work-queue.yaml', import.meta.url), 'utf8');
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, lesson: { text: queue, step: 3 } } });
    h.host.tick();
    const opened = h.frames().at(-1)!.lesson!.openedAt;
    h.host.receive({ type: 'lesson', requestId: 2, op: 'answer', answer: { kind: 'number', value: 80 } });
    h.host.receive({ type: 'speed', speed: 50 });
    h.host.receive({ type: 'play' });
    h.run(200); // frames of 16 ms at 50x: 800 ms of virtual time each
    h.host.receive({ type: 'recipe', requestId: 3 });
    const r = h.reply(3);
    if (!(r?.ok && r.kind === 'recipe')) throw new Error('no recipe');
    const deletes = r.recipe.inputs.filter((i) => i.action.type === 'delete');
    expect(deletes.map((d) => d.at)).toEqual([opened + 500]);
  });

  it('closing the lesson tells the page once', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, lesson: { text } } });
    h.host.tick();
    h.host.receive({ type: 'lesson', requestId: 2, op: 'close' });
    expect(h.reply(2)).toMatchObject({ ok: true, view: null });
    h.host.tick();
    expect(h.frames().at(-1)!.lesson).toBeNull();
  });
});

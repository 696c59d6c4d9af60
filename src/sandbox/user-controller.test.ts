/**
 * User-written controllers in the loop, end to end in Node: the CronBackup template reconciles, a runaway loop is
 * stopped and reported on its line while the simulation goes on, time travel re-executes them exactly, and the
 * sandbox gives nothing nondeterministic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../sim/simulation.ts';
import type { TraceEvent } from '../sim/trace/trace-event.ts';
import { setControllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { loadSandbox, modulePool } from './load.ts';
import { createQuickJsRunner, DEFAULT_LIMITS } from './quickjs-runner.ts';
import { CRON_BACKUP_CRD, cronBackup, template, TEST_CONTROLLERS } from './testing/fixtures.ts';

beforeAll(async () => {
  await loadSandbox();
});

function withCrd(seed = 1): Simulation {
  const sim = Simulation.create({ seed, nodes: 1, controllers: TEST_CONTROLLERS });
  expect(sim.apply(CRON_BACKUP_CRD).ok).toBe(true);
  sim.runFor(1000);
  return sim;
}

function install(sim: Simulation, source: string) {
  const r = sim.act({ type: 'install-controller', source });
  expect(r.errors).toEqual([]);
  return r;
}

/** A controller of CronBackups whose reconcile body is `body`. */
function program(body: string, name = 'test-controller'): string {
  return `export default defineController({
  name: '${name}',
  for: { apiVersion: 'example.com/v1', kind: 'CronBackup' },
  async reconcile(req, ctx) {
${body}
  },
});
`;
}

function eventsOf(sim: Simulation, controller: string): TraceEvent[] {
  return sim.trace.slice().filter((e) => e.actor === controller);
}

describe('the CronBackup template', () => {
  it('ensures one owned CronJob per CronBackup, written as its field manager, and keeps it in step', () => {
    const sim = withCrd();
    expect(install(sim, template('cronbackup')).messages).toEqual(['controller/cronbackup-controller installed']);
    expect(sim.cluster.processes.get('user-controller/cronbackup-controller')?.kind).toBe('user-controller');
    sim.apply(cronBackup('nightly', '0 1 * * *'));
    sim.runFor(10_000);
    const cj = sim.getObject('cronjobs', 'default', 'nightly-backup');
    expect(cj?.spec).toMatchObject({ schedule: '0 1 * * *' });
    expect(cj?.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronBackup', name: 'nightly', controller: true });
    expect(cj?.metadata.managedFields?.map((m) => m.manager)).toContain('cronbackup-controller');
    expect(sim.getObject('cronbackups', 'default', 'nightly')?.status).toEqual({ cronJob: 'nightly-backup', ready: true });

    sim.act({ type: 'patch', resource: 'cronbackup', name: 'nightly', namespace: 'default', patchType: 'merge', patch: { spec: { schedule: '0 2 * * *' } } });
    sim.runFor(5_000);
    expect(sim.getObject('cronjobs', 'default', 'nightly-backup')?.spec).toMatchObject({ schedule: '0 2 * * *' });
    const phases = new Set(eventsOf(sim, 'cronbackup-controller').map((e) => e.kind));
    for (const k of ['queue.add', 'queue.get', 'reconcile.observe', 'reconcile.diff', 'reconcile.act', 'reconcile.status', 'reconcile.done']) expect(phases).toContain(k);

    // Deleting the CronBackup: the garbage collector follows the owner reference.
    sim.act({ type: 'delete', resource: 'cronbackup', name: 'nightly', namespace: 'default' });
    sim.runFor(10_000);
    expect(sim.getObject('cronjobs', 'default', 'nightly-backup')).toBeUndefined();
  });

  it('survives its process crashing: the restarted process relists and reconciles again', () => {
    const sim = withCrd();
    install(sim, template('cronbackup'));
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'cronbackup-controller', restartAfter: 2000 } });
    sim.apply(cronBackup('during-crash'));
    sim.runFor(1000);
    expect(sim.getObject('cronjobs', 'default', 'during-crash-backup')).toBeUndefined();
    sim.runFor(10_000);
    expect(sim.getObject('cronjobs', 'default', 'during-crash-backup')).toBeDefined();
    expect(sim.trace.slice().some((e) => e.kind === 'informer.list' && e.reason === 'restart' && e.informer.startsWith('user-controller/cronbackup-controller/'))).toBe(true);
  });

  it('is paused and resumed, and its watch events dropped, by the faults that name it', () => {
    const sim = withCrd();
    install(sim, template('cronbackup'));
    sim.act({ type: 'fault', fault: { type: 'pause-controller', controller: 'cronbackup-controller' } });
    sim.apply(cronBackup('paused'));
    sim.runFor(3000);
    expect(sim.getObject('cronjobs', 'default', 'paused-backup')).toBeUndefined();
    sim.act({ type: 'fault', fault: { type: 'resume-controller', controller: 'cronbackup-controller' } });
    sim.runFor(3000);
    expect(sim.getObject('cronjobs', 'default', 'paused-backup')).toBeDefined();
    const dropped = sim.act({ type: 'fault', fault: { type: 'drop-watch-events', controller: 'cronbackup-controller', duration: 5000 } });
    expect(dropped.ok).toBe(true);
    sim.apply(cronBackup('unseen'));
    sim.runFor(3000);
    expect(sim.getObject('cronjobs', 'default', 'unseen-backup')).toBeUndefined();
  });

  it('stops when uninstalled, and a pending restart does not bring it back', () => {
    const sim = withCrd();
    install(sim, template('cronbackup'));
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'cronbackup-controller', restartAfter: 2000 } });
    expect(sim.act({ type: 'uninstall-controller', name: 'cronbackup-controller' }).messages).toEqual(['controller/cronbackup-controller uninstalled']);
    sim.apply(cronBackup('after'));
    sim.runFor(10_000);
    expect(sim.getObject('cronjobs', 'default', 'after-backup')).toBeUndefined();
    expect(sim.cluster.processes.has('user-controller/cronbackup-controller')).toBe(false);
  });
});

describe('containment', () => {
  it('stops an endless loop within a second, reports its line, requeues with backoff, and the simulation goes on', () => {
    const sim = withCrd();
    install(sim, program(`    ctx.log('looking at', req.name);
    let spins = 0;
    while (true) {
      spins = spins + 1;
      if (spins < 0) break;
    }
    return {};`, 'spinner'));
    sim.apply(cronBackup('loop'));
    sim.apply(`apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: default }
spec:
  replicas: 2
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx }] }
`);
    const started = performance.now();
    let firstDone: TraceEvent | undefined;
    while (!firstDone && sim.stepOnce()) firstDone = eventsOf(sim, 'spinner').find((e) => e.kind === 'reconcile.done');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(firstDone).toMatchObject({ result: 'error' });
    const error = (firstDone as Extract<TraceEvent, { kind: 'reconcile.done' }>).error!;
    expect(error).toMatch(/CPU budget/);
    expect(error).toMatch(/in reconcile at line 9/); // the `if` in the loop: QuickJS's position when it was interrupted
    sim.runFor(30_000);
    const requeues = eventsOf(sim, 'spinner').filter((e) => e.kind === 'queue.requeue' && e.reason === 'retry');
    expect(requeues.length).toBeGreaterThan(1);
    expect(sim.getObject('deployments', 'default', 'web')?.status).toMatchObject({ readyReplicas: 2 });
    const logs = sim.cluster.processOf('spinner')!.userControllerLogs();
    expect(logs.some((l) => l.line === 'looking at loop')).toBe(true);
    expect(logs.some((l) => l.error?.line === 9)).toBe(true);
  });

  it('reports running out of memory, a throw, a promise nothing resolves, and a bad result, each as a failed reconcile', () => {
    const cases: Array<[string, RegExp]> = [
      ["    const cb = ctx.client.get({ apiVersion: 'example.com/v1', kind: 'CronBackup' }, req.namespace, req.name);\n    return cb.spec.missing.field;", /TypeError: .*line 6/],
      ['    await new Promise(() => {});', /never finished/],
      ["    return 'soon';", /must return \{\}/],
      ["    ctx.client.get({ apiVersion: 'v1', kind: 'Secret' }, 'default', 'x');", /Secret \(v1\) is not in this controller's cache.*line 5/],
      // The prelude's globals are the user's to break, not the host's: a forged request is refused on the host side.
      [
        "    const real = JSON.stringify;\n    JSON.stringify = (v) => real({ ...v, verb: 'watch' });\n    await ctx.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } });",
        /a client call must be a write \(create, update, patch, delete\), not "watch"/,
      ],
    ];
    for (const [body, message] of cases) {
      const sim = withCrd();
      install(sim, program(body));
      sim.apply(cronBackup('x'));
      sim.runFor(2000);
      const done = eventsOf(sim, 'test-controller').find((e) => e.kind === 'reconcile.done') as Extract<TraceEvent, { kind: 'reconcile.done' }> | undefined;
      expect(done?.result, body).toBe('error');
      expect(done?.error, body).toMatch(message);
    }
  });

  it('reports running out of memory on its line, and the next reconciles still run', async () => {
    // A small heap keeps this fast: QuickJS's allocator slows down as its heap grows.
    const runner = createQuickJsRunner(await modulePool(), { ...DEFAULT_LIMITS, memoryBytes: 2 * 1024 * 1024 });
    setControllerProgramRunner(runner);
    try {
      const sim = withCrd();
      install(sim, program('    const a = [];\n    for (;;) a.push({ i: a.length, s: [1, 2, 3] });'));
      sim.apply(cronBackup('x'));
      sim.runFor(200);
      const done = eventsOf(sim, 'test-controller').filter((e) => e.kind === 'reconcile.done') as Array<Extract<TraceEvent, { kind: 'reconcile.done' }>>;
      expect(done.length).toBeGreaterThan(1);
      for (const d of done) expect(d.error).toMatch(/out of memory \(the sandbox's limit is 2 MiB\) in reconcile at line 6/);
    } finally {
      setControllerProgramRunner(await loadSandbox());
    }
  });

  it('gives the virtual clock and a seeded stream, not the host\'s', () => {
    const body = '    ctx.log(Date.now(), new Date().toISOString(), Math.random(), typeof setTimeout, typeof fetch);\n    return {};';
    const logs = (seed: number) => {
      const sim = withCrd(seed);
      install(sim, program(body));
      sim.apply(cronBackup('x'));
      sim.runFor(2000);
      return sim.cluster.processOf('test-controller')!.userControllerLogs().map((l) => ({ at: l.at, line: l.line }));
    };
    const a = logs(7);
    expect(a).toHaveLength(1);
    const [now, iso, random, timers, network] = a[0]!.line.split(' ');
    expect(Number(now)).toBe(a[0]!.at);
    expect(new Date(iso!).getTime()).toBe(Math.floor(a[0]!.at));
    expect(Number(random)).toBeGreaterThanOrEqual(0);
    expect([timers, network]).toEqual(['undefined', 'undefined']);
    expect(logs(7)).toEqual(a);
    expect(logs(8)[0]!.line.split(' ')[2]).not.toBe(random);
  });
});

describe('watches', () => {
  it("enqueues what a watch's map returns, and logs a map that throws", () => {
    const sim = withCrd();
    install(sim, `export default defineController({
  name: 'mapper',
  for: { apiVersion: 'example.com/v1', kind: 'CronBackup' },
  watches: [{ apiVersion: 'v1', kind: 'ConfigMap', map: (cm) => {
    if (cm.metadata.name === 'bad') throw new Error('no owner for ' + cm.metadata.name);
    return { namespace: cm.metadata.namespace, name: 'for-' + cm.metadata.name };
  } }],
  async reconcile(req, ctx) {
    ctx.log('reconciling', req.name);
    return {};
  },
});
`);
    sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {a: b}\n');
    sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bad, namespace: default}\ndata: {a: b}\n');
    sim.runFor(2000);
    const logs = sim.cluster.processOf('mapper')!.userControllerLogs();
    expect(logs.map((l) => l.line)).toContain('reconciling for-settings');
    expect(logs.find((l) => l.error)?.line).toMatch(/^watch map: Error: no owner for bad in map at line 5/);
    expect(eventsOf(sim, 'mapper').filter((e) => e.kind === 'queue.add').map((e) => (e as Extract<TraceEvent, { kind: 'queue.add' }>).key)).not.toContain('default/for-bad');
  });
});

describe('install', () => {
  it('refuses a program that does not compile or declare a controller, naming the line', () => {
    const sim = withCrd();
    const syntax = sim.act({ type: 'install-controller', source: 'export default defineController({\n  name: "x",\n  for: { apiVersion: "v1" kind: "Pod" },\n});' });
    expect(syntax.ok).toBe(false);
    expect(syntax.errors[0]).toMatchObject({ line: 3 });
    expect(syntax.errors[0]!.message).toMatch(/syntax error/);
    const noReconcile = sim.act({ type: 'install-controller', source: 'export default defineController({ name: "x", for: { apiVersion: "v1", kind: "Pod" } });' });
    expect(noReconcile.errors[0]!.message).toMatch(/reconcile must be a function/);
    const badName = sim.act({ type: 'install-controller', source: program('return {};', 'Bad_Name') });
    expect(badName.errors[0]!.message).toMatch(/DNS label/);
    const taken = sim.act({ type: 'install-controller', source: program('return {};', 'replicaset-controller') });
    expect(taken.errors[0]!.message).toMatch(/already the name of kube-controller-manager/);
    const throwsAtLoad = sim.act({ type: 'install-controller', source: 'const x = null;\nx.y;\nexport default defineController({});' });
    expect(throwsAtLoad.errors[0]).toMatchObject({ line: 2 });
    const loopsAtLoad = sim.act({ type: 'install-controller', source: 'let n = 0;\nwhile (true) { n = n + 1; if (n < 0) break; }\nexport default defineController({});' });
    expect(loopsAtLoad.errors[0]!.message).toMatch(/CPU budget.*line 2/);
    expect(sim.act({ type: 'uninstall-controller', name: 'nope' }).errors[0]!.message).toMatch(/no user controller named "nope"/);
  });

  it('replaces a controller installed again under the same name', () => {
    const sim = withCrd();
    install(sim, program("    ctx.log('v1');\n    return {};"));
    sim.apply(cronBackup('x'));
    sim.runFor(2000);
    expect(install(sim, program("    ctx.log('v2');\n    return {};")).messages).toEqual(['controller/test-controller replaced']);
    sim.runFor(2000);
    expect(sim.cluster.processOf('test-controller')!.userControllerLogs().map((l) => l.line)).toEqual(['v2']);
  });
});

describe('time travel', () => {
  /** Module-level state: in a long-lived sandbox the counter would grow, and a seek back would not rewind it. */
  const counting = `let reconciles = 0;
export default defineController({
  name: 'counter',
  for: { apiVersion: 'example.com/v1', kind: 'CronBackup' },
  async reconcile(req, ctx) {
    reconciles++;
    const cb = ctx.client.get({ apiVersion: 'example.com/v1', kind: 'CronBackup' }, req.namespace, req.name);
    if (!cb || cb.status?.cronJob) return { requeueAfter: 1000 + Math.floor(Math.random() * 500) };
    await ctx.client.patch({ apiVersion: 'example.com/v1', kind: 'CronBackup' }, req.namespace, req.name, 'merge',
      { status: { cronJob: 'seen-' + reconciles + '-' + Math.floor(Math.random() * 1000) } }, { subresource: 'status' });
    return { requeueAfter: 1000 + Math.floor(Math.random() * 500) };
  },
});
`;

  function run(): Simulation {
    const sim = withCrd(3);
    install(sim, counting);
    sim.apply(cronBackup('a'));
    sim.apply(cronBackup('b'));
    sim.runFor(20_000);
    return sim;
  }

  it('re-executes user reconciles exactly: seeking back and forth gives the straight run\'s trace', () => {
    const straight = run();
    const trace = JSON.stringify(straight.trace.slice());
    expect(eventsOf(straight, 'counter').filter((e) => e.kind === 'reconcile.done').length).toBeGreaterThan(20);
    const sim = run();
    const end = sim.step;
    for (const step of [Math.floor(end / 3), 5, Math.floor(end / 2), end]) {
      sim.seekStep(step);
      expect(sim.step).toBe(step);
    }
    expect(JSON.stringify(sim.trace.slice())).toBe(trace);
    // Module state does not survive between reconciles: every status says this was the program's first reconcile.
    expect((sim.getObject('cronbackups', 'default', 'a')?.status as { cronJob?: string } | undefined)?.cronJob).toMatch(/^seen-1-/);
  });

  it('replays from its recipe (a share link) to the same trace', () => {
    const straight = run();
    const replay = Simulation.fromRecipe(straight.recipe());
    expect(JSON.stringify(replay.trace.slice())).toBe(JSON.stringify(straight.trace.slice()));
  });
});

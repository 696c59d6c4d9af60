import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { containerExit, containerProgram, INIT_CONTAINER_MS, ONE_LINER_MS, SHORT_COMMAND_MS } from './container-program.ts';

const exits = (afterMs: number, exitCode = 0) => ({ kind: 'exits', afterMs, exitCode });

describe('containerProgram: what a container does, from its command and args (docs/container-behavior.md)', () => {
  it('no command: the image entrypoint is a long-running server', () => {
    expect(containerProgram({})).toEqual({ kind: 'runs', why: 'server' });
    expect(containerProgram({ command: [], args: [] })).toEqual({ kind: 'runs', why: 'server' });
  });
  it.each([
    [{ command: ['date'] }, exits(SHORT_COMMAND_MS)],
    [{ command: ['echo', 'hello'] }, exits(SHORT_COMMAND_MS)],
    [{ command: ['true'] }, exits(SHORT_COMMAND_MS)],
    [{ command: ['/bin/sh', '-c', 'date; echo Hello from the Kubernetes cluster'] }, exits(2 * SHORT_COMMAND_MS)],
    [{ command: ['sh', '-c'], args: ['echo "a; b" && true'] }, exits(2 * SHORT_COMMAND_MS)],
    [{ command: ['sleep', '30'] }, exits(30_000)],
    [{ command: ['sleep'], args: ['1m', '30s'] }, exits(90_000)],
    [{ command: ['sh', '-c', 'sleep 5; exit 3'] }, exits(5000, 3)],
    [{ command: ['false'] }, exits(SHORT_COMMAND_MS, 1)],
    [{ command: ['sh', '-c', 'exit 1'] }, exits(0, 1)],
    [{ command: ['sh', '-c', 'false || echo recovered'] }, exits(2 * SHORT_COMMAND_MS, 0)],
    [{ command: ['sh', '-c', 'false && echo never'] }, exits(SHORT_COMMAND_MS, 1)],
    [{ command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] }, exits(ONE_LINER_MS)],
    [{ command: ['python3', '-c', 'print(1)'] }, exits(ONE_LINER_MS)],
    [{ args: ['sleep', '10'] }, exits(10_000)],
  ])('%j exits as a short program would', (container, want) => {
    expect(containerProgram(container)).toEqual(want);
  });
  it.each([
    [{ command: ['sleep', 'infinity'] }, 'forever'],
    [{ command: ['sh', '-c', 'while true; do echo hi; sleep 1; done'] }, 'forever'],
    [{ command: ['tail', '-f', '/dev/null'] }, 'forever'],
    [{ command: ['nginx', '-g', 'daemon off;'] }, 'unknown'],
    [{ command: ['redis-server'] }, 'unknown'],
    [{ command: ['sh', '-c', 'echo $HOSTNAME'] }, 'unknown'],
    [{ command: ['sh', '-c', 'for i in 1 2; do echo $i; done'] }, 'unknown'],
    [{ command: ['sh'] }, 'unknown'],
  ])('%j keeps running (%s)', (container, why) => {
    expect(containerProgram(container)).toEqual({ kind: 'runs', why });
  });
});

describe('containerExit: the configured image behaviour first, then the command', () => {
  const sleep = { command: ['sleep', '30'] };
  it('crash and exit keep their defaults; runFor and exitCode override', () => {
    expect(containerExit({ behavior: 'crash' }, sleep, false)).toEqual({ afterMs: 2000, exitCode: 1 });
    expect(containerExit({ behavior: 'exit' }, sleep, false)).toEqual({ afterMs: 5000, exitCode: 0 });
    expect(containerExit({ behavior: 'exit', runFor: 12_000, exitCode: 4 }, sleep, false)).toEqual({ afterMs: 12_000, exitCode: 4 });
  });
  it('an ok image with runFor exits after it whatever its command; without, the command decides', () => {
    expect(containerExit({ behavior: 'ok', runFor: 3000 }, {}, false)).toEqual({ afterMs: 3000, exitCode: 0 });
    expect(containerExit({ behavior: 'ok', readyAfter: 10 }, sleep, false)).toEqual({ afterMs: 30_000, exitCode: 0 });
    expect(containerExit(undefined, {}, false)).toBeNull();
  });
  it('an init container whose command says nothing readable completes after INIT_CONTAINER_MS; one that sleeps forever does not', () => {
    expect(containerExit(undefined, {}, true)).toEqual({ afterMs: INIT_CONTAINER_MS, exitCode: 0 });
    expect(containerExit(undefined, { command: ['sh', '-c', 'until nslookup db; do sleep 2; done'] }, true)).toEqual({ afterMs: INIT_CONTAINER_MS, exitCode: 0 });
    expect(containerExit(undefined, { command: ['sleep', 'infinity'] }, true)).toBeNull();
  });
});

describe('the image-behavior fault with runFor, in a simulation', () => {
  it('every container of the image exits after runFor with exitCode', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    expect(sim.act({ type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'ok', runFor: 4000, exitCode: 7 } }).ok).toBe(true);
    expect(sim.act({ type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'ok', runFor: -1 } }).ok).toBe(false);
    sim.apply('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {restartPolicy: Never, containers: [{name: c, image: "nginx:1.27"}]}\n');
    sim.runFor(15_000);
    const status = sim.getObject('pod', 'default', 'p')!.status as { phase: string; containerStatuses: Array<{ state: { terminated?: { exitCode: number; startedAt: string; finishedAt: string } } }> };
    expect(status.phase).toBe('Failed');
    const t = status.containerStatuses[0]!.state.terminated!;
    expect(t.exitCode).toBe(7);
    expect(Date.parse(t.finishedAt) - Date.parse(t.startedAt)).toBeGreaterThanOrEqual(3000);
  });
});

/**
 * A user controller run as several replicas elects a leader, as a controller-runtime manager with leader election
 * does: one Lease, kube-system/<name>, one replica reconciling; when the leader crashes, another takes the Lease
 * once it has expired, and reconciles.
 */
import { beforeAll, expect, it } from 'vitest';
import { Simulation } from '../sim/simulation.ts';
import { loadSandbox } from './load.ts';
import { CRON_BACKUP_CRD, cronBackup, template, TEST_CONTROLLERS } from './testing/fixtures.ts';

beforeAll(async () => {
  await loadSandbox();
});

const holder = (sim: Simulation): string | undefined => (sim.getObject('leases', 'kube-system', 'cronbackup-controller')?.spec as { holderIdentity?: string } | undefined)?.holderIdentity;

it('replicated, it elects a leader on kube-system/<name>; when the leader crashes another takes over once the Lease expires', () => {
  const sim = Simulation.create({ seed: 4, nodes: 1, controllers: TEST_CONTROLLERS });
  expect(sim.apply(CRON_BACKUP_CRD).ok).toBe(true);
  sim.runFor(1000);
  expect(sim.act({ type: 'install-controller', source: template('cronbackup'), replicas: 2 }).errors).toEqual([]);
  sim.apply(cronBackup('nightly', '0 1 * * *'));
  sim.runFor(20_000);
  const first = holder(sim);
  expect(first).toMatch(/^user-controller\/cronbackup-controller-[01]_/);
  expect(sim.getObject('cronjobs', 'default', 'nightly-backup')).toBeDefined();
  // Only the leader reconciles: every reconcile of the controller is by the process whose replica holds the Lease.
  sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'cronbackup-controller', restartAfter: 120_000 } });
  sim.apply(cronBackup('weekly', '0 2 * * 0'));
  sim.runFor(5_000);
  expect(sim.getObject('cronjobs', 'default', 'weekly-backup')).toBeUndefined(); // the Lease has not expired yet
  sim.runFor(30_000);
  const second = holder(sim);
  expect(second).toBeDefined();
  expect(second).not.toBe(first);
  expect(sim.getObject('cronjobs', 'default', 'weekly-backup')).toBeDefined();
});

it('refuses a replica count out of bounds, naming the field', () => {
  const sim = Simulation.create({ seed: 4, nodes: 1 });
  const r = sim.act({ type: 'install-controller', source: template('cronbackup'), replicas: 50 });
  expect(r.ok).toBe(false);
  expect(r.messages.join(' ')).toMatch(/replicas/);
});

/**
 * Faults as inputs: each {@link Fault} is carried out on the part of the cluster it breaks, recorded as a
 * `fault.inject` trace event (the root cause of everything it leads to), and, when it has a duration, lifted
 * later with a `fault.clear` event.
 */
import type { Fault } from '../actions/user-action.ts';
import { formatDuration } from '../engine/clock.ts';
import type { ActResult } from './act-result.ts';
import type { Cluster } from './cluster.ts';

export class FaultInjector {
  constructor(private readonly cluster: Cluster) {}

  inject(fault: Fault, result: ActResult): void {
    const c = this.cluster;
    const now = c.ctx.now;
    const fail = (message: string) => {
      result.errors.push({ line: 0, column: 0, message });
      result.messages.push(`error: ${message}`);
    };
    const duration = (d: number | undefined) => (d === undefined ? Infinity : d);
    const checkDuration = (d: number | undefined, what = 'duration'): boolean => {
      if (d !== undefined && !(Number.isFinite(d) && d >= 0)) {
        fail(`${what} must be a non-negative number of milliseconds`);
        return false;
      }
      return true;
    };
    const checkProbability = (p: number | undefined): boolean => {
      if (p !== undefined && !(p >= 0 && p <= 1)) {
        fail('probability must be between 0 and 1');
        return false;
      }
      return true;
    };
    switch (fault.type) {
      case 'crash-controller': {
        const p = c.processOf(fault.controller);
        if (!p) return fail(this.unknownController(fault.controller));
        if (!checkDuration(fault.restartAfter, 'restartAfter')) return;
        this.record(fault.type, p.name, `${p.name} crashed: queues, in-flight reconciles and informer caches are lost; restart ${fault.restartAfter ? `in ${formatDuration(fault.restartAfter)}` : 'now'}`);
        p.crash(fault.restartAfter ?? 0);
        break;
      }
      case 'pause-controller':
      case 'resume-controller': {
        const p = c.processOf(fault.controller);
        if (!p || !p.controllerNames.includes(fault.controller)) return fail(this.unknownController(fault.controller));
        const ok = fault.type === 'pause-controller' ? p.pause(fault.controller) : p.resume(fault.controller);
        if (!ok) return fail(`${fault.controller} is not running`);
        this.record(fault.type, fault.controller, fault.type === 'pause-controller' ? `${fault.controller} paused: it takes no new keys` : `${fault.controller} resumed`);
        break;
      }
      case 'drop-watch-events': {
        const p = c.processOf(fault.controller);
        if (!p) return fail(this.unknownController(fault.controller));
        if (!checkDuration(fault.duration) || !checkProbability(fault.probability)) return;
        c.network.dropWatchEvents(p.name, duration(fault.duration), fault.probability ?? 1);
        this.record(fault.type, p.name, `watch events to ${p.name} are dropped${fault.probability !== undefined && fault.probability < 1 ? ` with probability ${fault.probability}` : ''}${this.forDuration(fault.duration)}`);
        this.scheduleClear(fault.type, p.name, fault.duration);
        break;
      }
      case 'delay-watch-events': {
        const p = c.processOf(fault.controller);
        if (!p) return fail(this.unknownController(fault.controller));
        if (!checkDuration(fault.duration) || !checkDuration(fault.delay, 'delay')) return;
        c.network.delayWatchEvents(p.name, fault.delay, duration(fault.duration));
        this.record(fault.type, p.name, `watch events to ${p.name} are delayed by ${formatDuration(fault.delay)}${this.forDuration(fault.duration)}`);
        this.scheduleClear(fault.type, p.name, fault.duration);
        break;
      }
      case 'stale-view': {
        const p = c.processOf(fault.controller);
        if (!p) return fail(this.unknownController(fault.controller));
        if (fault.duration === undefined || !checkDuration(fault.duration)) return fail('duration must be a non-negative number of milliseconds');
        const revision = c.apiServer.revision;
        c.network.serveStaleView(p.name, revision, fault.duration);
        c.network.delayWatchEvents(p.name, fault.duration, fault.duration, true);
        this.record(fault.type, p.name, `${p.name} reconnects to a stale api-server${this.forDuration(fault.duration)}: its lists are answered as of revision ${revision} and its new watches held back (its open watches stay current)`);
        this.scheduleClear(fault.type, p.name, fault.duration);
        break;
      }
      case 'expire-watch': {
        const p = c.processOf(fault.controller);
        if (!p) return fail(this.unknownController(fault.controller));
        this.record(fault.type, p.name, `the api-server ends ${p.name}'s watches with 410 Expired: its reflectors must relist`);
        c.network.expireWatches(p.name);
        break;
      }
      case 'apiserver-unavailable': {
        if (!checkDuration(fault.duration)) return;
        c.apiServer.setUnavailable(now + fault.duration);
        this.record(fault.type, 'api-server', `the api-server answers 503 ServiceUnavailable${this.forDuration(fault.duration)}`);
        this.scheduleClear(fault.type, 'api-server', fault.duration);
        break;
      }
      case 'inject-conflicts': {
        const info = c.apiServer.resolve(fault.resource);
        if (!info) return fail(`the server doesn't have a resource type "${fault.resource}"`);
        if (!checkDuration(fault.duration) || !checkProbability(fault.probability)) return;
        c.apiServer.injectConflicts(info.resource, now + duration(fault.duration), fault.probability ?? 1);
        this.record(fault.type, info.resource, `writes to ${info.resource} fail with 409 Conflict${fault.probability !== undefined && fault.probability < 1 ? ` with probability ${fault.probability}` : ''}${this.forDuration(fault.duration)}`);
        this.scheduleClear(fault.type, info.resource, fault.duration);
        break;
      }
      case 'kill-node':
      case 'restore-node': {
        const p = c.processes.get(`kubelet/${fault.node}`);
        if (!p) return fail(`node "${fault.node}" not found`);
        if (fault.type === 'kill-node') {
          this.record(fault.type, fault.node, `${fault.node} is lost: its kubelet stops posting status and renewing its Lease`);
          p.kill();
        } else {
          this.record(fault.type, fault.node, `${fault.node} is back: its kubelet starts again`);
          p.start();
        }
        break;
      }
      case 'image-behavior': {
        if (typeof fault.image !== 'string' || !fault.image) return fail('image is required');
        if (!['ok', 'crash', 'exit', 'never-ready'].includes(fault.behavior)) return fail(`unknown behavior ${JSON.stringify(fault.behavior)}: use ok, crash, exit or never-ready`);
        const b: { behavior: typeof fault.behavior; exitCode?: number; readyAfter?: number; runFor?: number } = { behavior: fault.behavior };
        if (fault.exitCode !== undefined) b.exitCode = fault.exitCode;
        if (fault.runFor !== undefined) {
          if (typeof fault.runFor !== 'number' || !Number.isFinite(fault.runFor) || fault.runFor < 0) return fail(`runFor must be a duration of at least 0 ms, got ${JSON.stringify(fault.runFor)}`);
          b.runFor = fault.runFor;
        }
        if (fault.readyAfter !== undefined) b.readyAfter = fault.readyAfter;
        c.runtime.setBehavior(fault.image, b);
        this.record(fault.type, fault.image, `containers of ${fault.image} now ${describeBehavior(b)}`);
        break;
      }
      default:
        return fail(`unknown fault ${JSON.stringify((fault as { type?: unknown }).type)}`);
    }
    result.messages.push(`fault ${fault.type} injected`);
  }

  /**
   * Timer target: a fault with a duration has lapsed. Watch events are never silently lost on a real connection:
   * they are lost when the connection breaks, and the client notices and watches again. So when a drop fault ends,
   * the target's watches end too, and each reflector resumes from the last revision it saw (or relists after 410).
   */
  clear(fault: string, target: string): void {
    const c = this.cluster;
    const reconnect = fault === 'drop-watch-events';
    c.ctx.trace.emit('fault', {
      kind: 'fault.clear',
      fault,
      target,
      detail: reconnect ? `${fault} on ${target} is over: its broken watches are re-established` : `${fault} on ${target} is over`,
    });
    if (reconnect) c.network.expireWatches(target);
  }

  private record(fault: string, target: string, detail: string): void {
    this.cluster.ctx.trace.emit('fault', { kind: 'fault.inject', fault, target, detail });
  }

  private scheduleClear(fault: string, target: string, duration: number | undefined): void {
    if (duration !== undefined && Number.isFinite(duration)) this.cluster.ctx.scheduler.after(duration, this, 'clear', fault, target);
  }

  private forDuration(d: number | undefined): string {
    return d === undefined ? '' : ` for ${formatDuration(d)}`;
  }

  private unknownController(name: string): string {
    const known = [...this.cluster.processes.keys(), ...this.cluster.controllerNames()];
    return `unknown controller or process "${name}" (known: ${known.join(', ')})`;
  }
}

function describeBehavior(b: { behavior: string; exitCode?: number; runFor?: number }): string {
  const after = b.runFor !== undefined ? ` after ${b.runFor / 1000}s` : '';
  switch (b.behavior) {
    case 'crash':
      return `crash${after || ' shortly after starting'}`;
    case 'exit':
      return `exit with code ${b.exitCode ?? 0}${after}`;
    case 'never-ready':
      return `run but never become ready${after ? `, and exit with code ${b.exitCode ?? 0}${after}` : ''}`;
    default:
      return after ? `run, and exit with code ${b.exitCode ?? 0}${after}` : 'run normally';
  }
}

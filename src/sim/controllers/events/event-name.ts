/**
 * An Event's name: client-go's `fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())` (`tools/record/event.go` `makeEvent`,
 * `events_cache.go` `EventAggregate`).
 *
 * Real clocks never repeat a nanosecond; a virtual instant does, so each recorder moves on by at least 1 ns, and
 * recorders are spread apart by a hash of their component and host so two recorders rarely pick the same name.
 */
import { EPOCH_MS } from '../../engine/clock.ts';

export class EventNamer {
  /** The last timestamp used in a name, in ns. */
  private lastNanos = 0n;
  private readonly spread: bigint;

  constructor(component: string, host: string) {
    let h = 0;
    for (let i = 0; i < component.length; i++) h = (Math.imul(h, 31) + component.charCodeAt(i)) | 0;
    for (let i = 0; i < host.length; i++) h = (Math.imul(h, 31) + host.charCodeAt(i)) | 0;
    this.spread = BigInt((h >>> 0) % 997) * 1000n;
  }

  /** `<name>.<unix nanos in hex>` at virtual time `now` (ms). */
  name(involvedName: string, now: number): string {
    const base = BigInt(EPOCH_MS + Math.floor(now)) * 1_000_000n + BigInt(Math.round((now % 1) * 1e6)) + this.spread;
    this.lastNanos = base > this.lastNanos ? base : this.lastNanos + 1n;
    return `${involvedName}.${this.lastNanos.toString(16)}`;
  }
}

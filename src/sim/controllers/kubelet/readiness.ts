/**
 * When a container's readiness first passes, and when a failing readiness probe first counts.
 *
 * Ported from kubernetes `pkg/kubelet/prober/worker.go` (the probe runs every periodSeconds from the container's
 * start; results before initialDelaySeconds are ignored).
 */
import type { Container } from 'kubernetes-types/core/v1';

/** When readiness first passes: at once-ready-after without a probe; else the first probe tick at or after it. */
export function readinessDelay(readyAfterMs: number, probe: Container['readinessProbe']): number {
  if (!probe) return readyAfterMs;
  const period = (probe.periodSeconds ?? 10) * 1000;
  let t = firstProbeAt(probe);
  while (t < readyAfterMs) t += period;
  return t;
}

/** The first probe whose result counts: the prober ticks every period from the start, and ignores ticks before initialDelaySeconds. */
export function firstProbeAt(probe: NonNullable<Container['readinessProbe']>): number {
  const period = (probe.periodSeconds ?? 10) * 1000;
  const initial = (probe.initialDelaySeconds ?? 0) * 1000;
  return Math.ceil(initial / period) * period;
}

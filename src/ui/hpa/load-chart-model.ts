/**
 * Pure geometry for the HPA chart: step lines of load, desired and current replicas over virtual time, scaled into an
 * SVG box, and the conversions the load slider offers (millicores ⇄ % of one pod's CPU request).
 */
import type { HpaInfo } from '../../worker/protocol.ts';

/** A value that holds from `t` until the next point. */
export interface StepPoint {
  t: number;
  v: number;
}

/** The chart's scales and its lines as SVG path data. */
export interface ChartModel {
  tMin: number;
  tMax: number;
  /** Top of the replicas axis (left). */
  replicaMax: number;
  /** Top of the load axis (right), millicores. */
  loadMax: number;
  load: string;
  desired: string;
  current: string;
  /** Where maxReplicas and minReplicas sit (y). */
  maxLine: number;
  minLine: number;
}

/** Plot area margins inside the SVG box. */
export const CHART_PAD = { left: 28, right: 44, top: 8, bottom: 18 } as const;

/**
 * An SVG path for a step function: horizontal until the next point, then vertical, extended to `tEnd`.
 * Points before `tMin` are clamped to it; an empty list gives "".
 */
export function stepPath(points: readonly StepPoint[], tEnd: number, x: (t: number) => number, y: (v: number) => number): string {
  if (!points.length) return '';
  const parts: string[] = [];
  let prev: StepPoint | undefined;
  for (const p of points) {
    if (!prev) parts.push(`M${r(x(p.t))},${r(y(p.v))}`);
    else {
      parts.push(`H${r(x(p.t))}`);
      if (p.v !== prev.v) parts.push(`V${r(y(p.v))}`);
    }
    prev = p;
  }
  parts.push(`H${r(x(Math.max(tEnd, prev!.t)))}`);
  return parts.join('');
}

function r(n: number): number {
  return Math.round(n * 10) / 10;
}

/** "Nice" axis top: 1, 2, 5 × 10^k at or above `v` (at least `floor`). */
export function niceMax(v: number, floor = 1): number {
  const target = Math.max(v, floor);
  const p = 10 ** Math.floor(Math.log10(target));
  for (const m of [1, 2, 5, 10]) if (m * p >= target) return m * p;
  return 10 * p;
}

/** Builds the chart of one HPA up to `now` in a `width`×`height` box. */
export function chartModel(info: HpaInfo, now: number, width: number, height: number): ChartModel {
  const series = info.series;
  const firstT = Math.min(series[0]?.t ?? now, info.load[0]?.at ?? now);
  const tMin = Math.max(0, firstT);
  const tMax = Math.max(now, tMin + 1000);
  const replicaMax = niceMax(Math.max(info.maxReplicas, ...series.map((s) => Math.max(s.desired, s.current))), 2);
  const loadMax = niceMax(Math.max(...info.load.map((s) => s.cpuMillis), ...series.map((s) => s.loadCpu), 100) * 1.1, 100);
  const w = width - CHART_PAD.left - CHART_PAD.right;
  const h = height - CHART_PAD.top - CHART_PAD.bottom;
  const x = (t: number) => CHART_PAD.left + ((Math.max(t, tMin) - tMin) / (tMax - tMin)) * w;
  const yR = (v: number) => CHART_PAD.top + h - (v / replicaMax) * h;
  const yL = (v: number) => CHART_PAD.top + h - (v / loadMax) * h;
  const loadPoints: StepPoint[] = info.load.length ? info.load.map((s) => ({ t: s.at, v: s.cpuMillis })) : series.map((s) => ({ t: s.t, v: s.loadCpu }));
  if (loadPoints.length && loadPoints[0]!.t > tMin) loadPoints.unshift({ t: tMin, v: 0 });
  return {
    tMin,
    tMax,
    replicaMax,
    loadMax,
    load: stepPath(loadPoints, tMax, x, yL),
    desired: stepPath(series.map((s) => ({ t: s.t, v: s.desired })), tMax, x, yR),
    current: stepPath(series.map((s) => ({ t: s.t, v: s.current })), tMax, x, yR),
    maxLine: yR(info.maxReplicas),
    minLine: yR(info.minReplicas),
  };
}

/** Total millicores for "p % of one pod's request" (100 % = one pod exactly at its request). */
export function percentToMillis(percent: number, requestMillis: number): number {
  return Math.round((percent / 100) * requestMillis);
}

/** The inverse of {@link percentToMillis}, rounded to a whole percent. */
export function millisToPercent(millis: number, requestMillis: number): number {
  return requestMillis > 0 ? Math.round((millis / requestMillis) * 100) : 0;
}

/** Average utilization the HPA would see with this load on `replicas` ready pods, percent (undefined without a request). */
export function expectedUtilization(millis: number, requestMillis: number | undefined, replicas: number): number | undefined {
  if (!requestMillis || replicas <= 0) return undefined;
  return Math.round((millis / (requestMillis * replicas)) * 100);
}

/**
 * What upstream's HPA would aim for with this load (ceil(replicas × utilization / target)), within bounds; the
 * 10 % tolerance and the stabilization window are left out, so it is a hint, not a prediction.
 */
export function replicasForLoad(millis: number, requestMillis: number | undefined, target: number | undefined, min: number, max: number): number | undefined {
  if (!requestMillis || !target) return undefined;
  const wanted = Math.ceil(millis / ((requestMillis * target) / 100));
  return Math.min(max, Math.max(min, wanted));
}

/** A CPU quantity for set-load: "4200m". */
export function cpuQuantity(millis: number): string {
  return `${Math.max(0, Math.round(millis))}m`;
}

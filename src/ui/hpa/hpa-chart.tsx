/** A small hand-drawn SVG chart of one HPA: load (right axis, millicores), desired and current replicas (left axis). */
import { formatClock } from '../format.ts';
import type { HpaInfo } from '../../worker/protocol.ts';
import { CHART_PAD, chartModel } from './load-chart-model.ts';

const W = 460;
const H = 130;

export function HpaChart({ info, now }: { info: HpaInfo; now: number }) {
  const m = chartModel(info, now, W, H);
  const bottom = H - CHART_PAD.bottom;
  return (
    <figure className="hpa-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Load, desired and current replicas of hpa ${info.name} over virtual time`} data-testid={`hpa-chart-${info.name}`}>
        <rect x={CHART_PAD.left} y={CHART_PAD.top} width={W - CHART_PAD.left - CHART_PAD.right} height={bottom - CHART_PAD.top} className="plot" />
        <line x1={CHART_PAD.left} x2={W - CHART_PAD.right} y1={m.maxLine} y2={m.maxLine} className="bound" />
        <line x1={CHART_PAD.left} x2={W - CHART_PAD.right} y1={m.minLine} y2={m.minLine} className="bound" />
        <path d={m.load} className="line load" />
        <path d={m.desired} className="line desired" />
        <path d={m.current} className="line current" />
        <text x={CHART_PAD.left - 4} y={CHART_PAD.top + 8} className="axis" textAnchor="end">{m.replicaMax}</text>
        <text x={CHART_PAD.left - 4} y={bottom} className="axis" textAnchor="end">0</text>
        <text x={W - CHART_PAD.right + 4} y={CHART_PAD.top + 8} className="axis load">{m.loadMax >= 1000 ? `${m.loadMax / 1000} cpu` : `${m.loadMax}m`}</text>
        <text x={W - CHART_PAD.right + 4} y={bottom} className="axis load">0</text>
        <text x={CHART_PAD.left} y={H - 4} className="axis">{formatClock(m.tMin)}</text>
        <text x={W - CHART_PAD.right} y={H - 4} className="axis" textAnchor="end">{formatClock(m.tMax)}</text>
      </svg>
      <figcaption className="legend">
        <span className="key load">load (CPU, right)</span>
        <span className="key desired">desired replicas</span>
        <span className="key current">current replicas</span>
        <span className="key bound">min / max</span>
      </figcaption>
    </figure>
  );
}

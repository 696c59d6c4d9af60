/**
 * Load: a slider per Deployment setting the CPU its pods are asked to serve (millicores, or % of one pod's request),
 * and for each Deployment with a HorizontalPodAutoscaler a small chart of load, desired and actual replicas over
 * virtual time. Every change is a `set-load` action; its answer (or error) shows under the row it came from.
 */
import { useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { act } from '../connection/sim-connection.ts';
import type { HpaInfo } from '../../worker/protocol.ts';
import { cpuQuantity, expectedUtilization, millisToPercent, percentToMillis, replicasForLoad } from './load-chart-model.ts';
import { HpaChart } from './hpa-chart.tsx';

export function LoadPanel() {
  const objects = useSim((s) => s.objects);
  const hpa = useSim((s) => s.hpa);
  const deployments = [...objects.values()].filter((o) => o.kind === 'Deployment').sort((a, b) => a.key.localeCompare(b.key));
  return (
    <section className="load-panel" aria-label="Load and autoscaling" data-testid="load-panel">
      <h2>Load</h2>
      {deployments.length === 0 && <p className="hint">No Deployment yet: apply one, then set the load its pods serve.</p>}
      {deployments.map((d) => {
        const ns = d.namespace ?? 'default';
        const h = hpa?.hpas.find((x) => x.namespace === ns && x.target.kind === 'Deployment' && x.target.name === d.name);
        const load = hpa?.loads.find((l) => l.workload === `${ns}/${d.name}`)?.cpuMillis ?? 0;
        return <LoadRow key={d.key} namespace={ns} name={d.name} load={load} replicas={d.replicas?.ready ?? 0} hpa={h} />;
      })}
    </section>
  );
}

function LoadRow({ namespace, name, load, replicas, hpa }: { namespace: string; name: string; load: number; replicas: number; hpa: HpaInfo | undefined }) {
  const now = useSim((s) => s.now);
  const request = hpa?.cpuRequestMillis;
  const [unit, setUnit] = useState<'m' | '%'>('m');
  const [draft, setDraft] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const usePercent = unit === '%' && !!request;
  const maxMillis = Math.max(4000, (hpa?.maxReplicas ?? 4) * (request ?? 1000) * 1.5, load * 1.5);
  const shown = draft ?? load;
  const send = async (millis: number) => {
    setDraft(null);
    const r = await act({ type: 'set-load', resource: 'deployment', name, namespace, cpu: cpuQuantity(millis) });
    setMessage({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'load set' : 'failed') });
  };
  const util = expectedUtilization(shown, request, replicas);
  const aim = hpa ? replicasForLoad(shown, request, hpa.targetCpuUtilization, hpa.minReplicas, hpa.maxReplicas) : undefined;
  return (
    <div className="load-row" data-testid={`load-row-${name}`}>
      <div className="load-head">
        <strong>deployment/{name}</strong>
        {namespace !== 'default' && <span className="hint"> ({namespace})</span>}
        <span className="load-value" data-testid={`load-value-${name}`}>
          {usePercent ? `${millisToPercent(shown, request)} % of a pod's request` : `${Math.round(shown)}m CPU`}
          {util !== undefined && <span className="hint"> · {util} % per pod at {replicas} ready</span>}
        </span>
      </div>
      <div className="load-controls">
        <input
          type="range"
          min={0}
          max={Math.round(maxMillis)}
          step={50}
          value={Math.round(shown)}
          aria-label={`CPU load of deployment ${name}`}
          data-testid={`load-slider-${name}`}
          onChange={(e) => setDraft(Number(e.target.value))}
          onPointerUp={(e) => void send(Number((e.target as HTMLInputElement).value))}
          onKeyUp={(e) => {
            if (draft !== null) void send(Number((e.target as HTMLInputElement).value));
          }}
        />
        <NumberEntry unit={usePercent ? '%' : 'm'} value={usePercent ? millisToPercent(shown, request!) : Math.round(shown)} onSet={(v) => void send(usePercent ? percentToMillis(v, request!) : v)} name={name} />
        {request ? (
          <div className="mode-toggle" role="group" aria-label="Load unit">
            <button className={unit === 'm' ? 'on' : ''} onClick={() => setUnit('m')}>millicores</button>
            <button className={unit === '%' ? 'on' : ''} onClick={() => setUnit('%')} title={`% of one pod's CPU request (${request}m): 100 % keeps one pod exactly at its request`}>% request</button>
          </div>
        ) : null}
      </div>
      {hpa && (
        <div className="hpa-summary" data-testid={`hpa-${hpa.name}`}>
          <span>
            hpa/{hpa.name}: <strong>{hpa.currentReplicas}</strong> → desired <strong>{hpa.desiredReplicas}</strong> (min {hpa.minReplicas}, max {hpa.maxReplicas})
          </span>
          {hpa.targetCpuUtilization !== undefined && (
            <span className="hint">
              {' '}
              · CPU {hpa.currentCpuUtilization ?? '?'} % / target {hpa.targetCpuUtilization} %{aim !== undefined ? ` · this load aims at ~${aim}` : ''}
            </span>
          )}
          <HpaChart info={hpa} now={now} />
        </div>
      )}
      {!hpa && <p className="hint small">No HorizontalPodAutoscaler targets this Deployment: the load shows in pod metrics only.</p>}
      {message && <pre className={`kubectl-output ${message.ok ? 'ok' : 'error'}`} data-testid={`load-output-${name}`}>{message.text}</pre>}
    </div>
  );
}

function NumberEntry({ unit, value, onSet, name }: { unit: string; value: number; onSet: (v: number) => void; name: string }) {
  const [text, setText] = useState<string | null>(null);
  const submit = () => {
    const v = Number(text);
    setText(null);
    if (text !== null && text.trim() !== '' && Number.isFinite(v) && v >= 0) onSet(v);
  };
  return (
    <span className="load-number">
      <input
        value={text ?? String(value)}
        size={6}
        inputMode="numeric"
        aria-label={`CPU load of deployment ${name} (${unit})`}
        data-testid={`load-input-${name}`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
        onBlur={() => setText(null)}
      />
      <span className="hint">{unit}</span>
      <button className="mini" onMouseDown={(e) => e.preventDefault()} onClick={submit} disabled={text === null}>Set</button>
    </span>
  );
}

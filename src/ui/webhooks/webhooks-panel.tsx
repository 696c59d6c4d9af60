/**
 * Admission webhooks: presets that apply a Mutating/ValidatingWebhookConfiguration pointing at a built-in webhook
 * server, and the configurations in the cluster with their webhooks (deletable). Answers and errors show here.
 */
import { useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { act } from '../connection/sim-connection.ts';
import { useInspected } from '../gitops/use-inspected.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';
import { WEBHOOK_PRESETS, paramError, webhookLines } from './webhook-presets.ts';

type Message = { ok: boolean; text: string } | null;
const KINDS = new Set(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);

export function WebhooksPanel() {
  const objects = useSim((s) => s.objects);
  const configs = [...objects.values()].filter((o) => KINDS.has(o.kind)).sort((a, b) => a.key.localeCompare(b.key));
  const [presetId, setPresetId] = useState(WEBHOOK_PRESETS[0]!.id);
  const preset = WEBHOOK_PRESETS.find((p) => p.id === presetId)!;
  const [params, setParams] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Message>(null);
  const param = params[preset.id] ?? preset.param?.default ?? '';
  const apply = async () => {
    const err = paramError(preset, param);
    if (err) return setResult({ ok: false, text: `error: ${err}` });
    const r = await act({ type: 'apply', manifests: [preset.build(param)] });
    setResult({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'applied' : 'failed') });
  };
  return (
    <section className="webhooks-panel" aria-label="Admission webhooks" data-testid="webhooks-panel">
      <h2>Admission webhooks</h2>
      <div className="fault-row">
        <select value={presetId} onChange={(e) => setPresetId(e.target.value)} aria-label="Webhook preset" data-testid="webhook-preset">
          {WEBHOOK_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>{p.label}</option>
          ))}
        </select>
        {preset.param && (
          <label className="toggle">
            {preset.param.label}{' '}
            <input value={param} size={14} onChange={(e) => setParams({ ...params, [preset.id]: e.target.value })} aria-label={preset.param.label} />
          </label>
        )}
        <button className="primary" onClick={() => void apply()} data-testid="webhook-apply">Apply</button>
      </div>
      <p className="hint small">{preset.does}</p>
      {result && <pre className={`kubectl-output ${result.ok ? 'ok' : 'error'}`} data-testid="webhook-output">{result.text}</pre>}
      <h4>Configured</h4>
      {configs.length === 0 && <p className="hint">None: every request goes through without a webhook call.</p>}
      {configs.map((c) => (
        <ConfigRow key={c.key} summary={c} />
      ))}
    </section>
  );
}

function ConfigRow({ summary }: { summary: ObjectSummary }) {
  const lines = webhookLines(useInspected(summary));
  const [result, setResult] = useState<Message>(null);
  const remove = async () => {
    const r = await act({ type: 'delete', resource: summary.kind, name: summary.name });
    setResult({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'deleted' : 'failed') });
  };
  return (
    <div className="webhook-config" data-testid={`webhook-config-${summary.name}`}>
      <div className="app-head">
        <span className="kind">{summary.kind.replace('WebhookConfiguration', '')}</span>
        <strong>{summary.name}</strong>
        <button className="mini danger" onClick={() => void remove()}>Delete</button>
      </div>
      <ul>
        {lines.map((l) => (
          <li key={l.name}>
            <span className="path">{l.name}</span> → {l.target} <span className="hint">({l.rules}; failurePolicy {l.failurePolicy})</span>
          </li>
        ))}
      </ul>
      {result && <pre className={`kubectl-output ${result.ok ? 'ok' : 'error'}`}>{result.text}</pre>}
    </div>
  );
}

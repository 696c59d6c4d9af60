/** The selected object: spec vs status, generation vs observedGeneration, conditions, field owners, and its story. */
import { useEffect, useState } from 'react';
import { stringify } from 'yaml';
import { inspect } from '../connection/sim-connection.ts';
import type { InspectResult, ObjectSummary } from '../../worker/protocol.ts';
import { formatClock } from '../format.ts';

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export function ObjectInspector({ summary }: { summary: ObjectSummary }) {
  const [data, setData] = useState<InspectResult | null>(null);
  useEffect(() => {
    let live = true;
    void inspect({ apiVersion: summary.apiVersion, kind: summary.kind, namespace: summary.namespace, name: summary.name }).then((r) => live && setData(r));
    return () => {
      live = false;
    };
    // Refetch when the object changes.
  }, [summary.apiVersion, summary.kind, summary.namespace, summary.name, summary.resourceVersion]);
  const obj = data?.object as { metadata?: { generation?: number }; spec?: unknown; status?: { observedGeneration?: number; conditions?: Condition[] } } | null;
  const gen = obj?.metadata?.generation;
  const observed = obj?.status?.observedGeneration;
  return (
    <div className="inspector-body" data-testid="object-inspector">
      <h3>
        {summary.kind} <span className="name">{summary.namespace ? `${summary.namespace}/` : ''}{summary.name}</span>
      </h3>
      <p className="meta">
        resourceVersion {summary.resourceVersion}
        {gen !== undefined && (
          <>
            {' · '}generation {gen}
            {observed !== undefined && (
              <span className={observed >= gen ? 'ok' : 'lag'}> · observedGeneration {observed}{observed < gen ? ' (the controller has not seen the latest spec yet)' : ''}</span>
            )}
          </>
        )}
      </p>
      {!obj && data === null && <p>Loading…</p>}
      {obj && (
        <div className="spec-status">
          <div>
            <h4>spec — what you want</h4>
            <pre>{obj.spec === undefined ? '(none)' : stringify(obj.spec)}</pre>
          </div>
          <div>
            <h4>status — what its controller saw</h4>
            <pre>{obj.status === undefined ? '(none)' : stringify({ ...obj.status, conditions: undefined })}</pre>
          </div>
        </div>
      )}
      {obj?.status?.conditions && obj.status.conditions.length > 0 && (
        <>
          <h4>conditions</h4>
          <table className="conditions">
            <tbody>
              {obj.status.conditions.map((c) => (
                <tr key={c.type} className={c.status === 'True' ? 'ok' : c.status === 'False' ? 'bad' : 'unknown'}>
                  <td>{c.type}</td>
                  <td>{c.status}</td>
                  <td>{c.reason}</td>
                  <td>{c.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {data && data.owners.length > 0 && (
        <>
          <h4>who owns which field (managedFields)</h4>
          <table className="owners">
            <tbody>
              {data.owners.slice(0, 60).map((o) => (
                <tr key={`${o.path}|${o.manager}`}>
                  <td className="path">{o.path}</td>
                  <td>{o.manager}</td>
                  <td>{o.operation}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {data && data.history.length > 0 && (
        <>
          <h4>history, and why</h4>
          <ol className="history">
            {data.history.map((h) => (
              <li key={h.event.id}>
                <span className="time">{formatClock(h.event.time)}</span> {h.story}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

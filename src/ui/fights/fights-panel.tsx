/**
 * Field fights: two managers that keep rewriting the same field. Each row shows the flapping field, the two loops,
 * how many times the writer switched and when it last did; clicking a row selects the object (its inspector shows
 * the field's owner changing).
 */
import { useSim } from '../state/sim-store.ts';
import { formatClock } from '../format.ts';
import { fightRows } from './fight-rows.ts';

export function FightsPanel() {
  const fights = useSim((s) => s.fights);
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  const rows = fightRows(fights);
  return (
    <section className="fights-panel" aria-label="Field fights" data-testid="fights-panel">
      <h2>Field fights</h2>
      {rows.length === 0 && (
        <p className="hint">
          No fight now. A fight is two managers rewriting the same field back and forth (3 switches or more, recently): an HPA and a
          GitOps sync over spec.replicas, a mutating webhook against a controller…
        </p>
      )}
      {rows.length > 0 && (
        <table className="fights">
          <thead>
            <tr>
              <th>object</th>
              <th>field</th>
              <th>between</th>
              <th>flips</th>
              <th>last flip</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={`${r.objectKey}|${r.field}`}
                className={selection?.type === 'object' && selection.key === r.objectKey ? 'selected' : ''}
                onClick={() => select({ type: 'object', key: r.objectKey })}
                tabIndex={0}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') select({ type: 'object', key: r.objectKey });
                }}
                title="Select the object"
                data-testid="fight-row"
              >
                <td>{r.object}</td>
                <td className="path">{r.field}</td>
                <td>
                  <span className="side a">{r.sides[0]}</span>
                  <span className="vs"> ⇄ </span>
                  <span className="side b">{r.sides[1]}</span>
                </td>
                <td className="flips">
                  <strong>{r.flips}</strong>
                  {r.period !== undefined && <span className="hint"> (every ~{r.period} s)</span>}
                </td>
                <td className="time">{formatClock(r.lastFlipAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

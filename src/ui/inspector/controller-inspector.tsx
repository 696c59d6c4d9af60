/**
 * The selected controller's panel: its work queue (queued with the adds merged into each key, processing, in backoff
 * with a countdown, requeueAfter timers: queue-rows.ts), its informer caches next to the api-server's truth (stale entries marked), and its last reconciles as
 * observe → diff → act → status; and "Test my controller", the bug hunter (src/ui/hunt).
 */
import { lazy, Suspense } from 'react';
import { useSim } from '../state/sim-store.ts';
import { act } from '../connection/sim-connection.ts';
import { formatClock } from '../format.ts';
import { queueRows } from './queue-rows.ts';

/** The bug hunter's panel (src/ui/hunt), a chunk of its own: most people never open it. */
const TestMyController = lazy(() => import('../hunt/test-my-controller.tsx').then((m) => ({ default: m.TestMyController })));

export function ControllerInspector({ name }: { name: string }) {
  const focus = useSim((s) => s.focus);
  const now = useSim((s) => s.now);
  const summary = useSim((s) => s.controllers.find((c) => c.name === name));
  const fault = (type: 'crash-controller' | 'pause-controller' | 'resume-controller' | 'expire-watch') => void act({ type: 'fault', fault: { type, controller: name } });
  return (
    <div className="inspector-body" data-testid="controller-inspector">
      <h3>{name}</h3>
      <p className="meta">
        process {summary?.process ?? '?'} · {summary?.alive ? summary.state : 'crashed'}
        {summary?.paused ? ' · paused' : ''}
      </p>
      <div className="buttons">
        <button className="danger" onClick={() => fault('crash-controller')} data-testid="crash-controller">Crash</button>
        {summary?.paused ? <button onClick={() => fault('resume-controller')}>Resume</button> : <button onClick={() => fault('pause-controller')}>Pause</button>}
        <button onClick={() => fault('expire-watch')}>Expire its watches</button>
        <button onClick={() => void act({ type: 'fault', fault: { type: 'drop-watch-events', controller: name, duration: 10_000 } })}>Drop watch events 10 s</button>
      </div>
      <Suspense fallback={null}>
        <TestMyController key={name} controller={name} />
      </Suspense>
      {!focus || focus.name !== name ? (
        <p>Loading…</p>
      ) : (
        <>
          <h4>work queue</h4>
          <ul className="queue-list" aria-label="work queue">
            {queueRows(focus, now).map((row) => (
              <li key={row.id} className={row.className}>
                {row.text}
                {row.merged && (
                  <span className="merged" role="img" aria-label={row.merged.label} title={`${row.merged.label} into this key while it waited: the queue holds a key once (client-go dedup)`}>
                    {row.merged.text}
                  </span>
                )}
              </li>
            ))}
            {focus.processing.length + focus.queued.length + focus.backoff.length + focus.requeueAfter.length === 0 && <li className="empty">empty: nothing to do until something changes</li>}
          </ul>
          <h4>informer caches</h4>
          <table className="informers">
            <tbody>
              {focus.informers.map((i) => (
                <tr key={i.name}>
                  <td>{i.resource}</td>
                  <td>{i.cached} cached</td>
                  <td>{i.synced ? 'synced' : 'syncing'}</td>
                  <td>{i.watching ? 'watching' : 'not watching'}</td>
                  <td>rv {i.lastSyncResourceVersion}</td>
                  <td>{i.lists} list{i.lists === 1 ? '' : 's'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {focus.cacheDiff.length > 0 ? (
            <>
              <h4>cache vs the api-server's truth</h4>
              <ul className="cache-diff">
                {focus.cacheDiff.slice(0, 50).map((d) => (
                  <li key={`${d.resource}/${d.key}`} className={d.state}>
                    {d.resource} {d.key}: {d.state === 'stale' ? `stale (cache rv ${d.cacheRV}, server rv ${d.serverRV})` : d.state === 'missing' ? 'not in the cache yet' : 'deleted on the server, still cached'}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="ok">cache matches the api-server</p>
          )}
          {focus.logs && (
            <>
              <h4>log (ctx.log and errors)</h4>
              {focus.logs.length === 0 ? (
                <p className="ok">nothing logged yet</p>
              ) : (
                <ol className="controller-log" aria-label="Controller log">
                  {focus.logs.slice(-50).map((l, i) => (
                    <li key={`${l.at}-${i}`} className={l.error ? 'error' : undefined}>
                      <span className="time">{formatClock(l.at)}</span> {l.key}: {l.line}
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
          <h4>last reconciles</h4>
          <ol className="reconciles">
            {[...focus.recent].reverse().map((r, i) => (
              <li key={`${r.key}-${r.startedAt}-${i}`} className={r.result ?? 'running'}>
                <div className="key">{r.key} <span className="time">{formatClock(r.startedAt)}</span></div>
                {r.observe && <div><b>observe</b> {r.observe}</div>}
                {r.diff && <div><b>diff</b> {r.diff}</div>}
                {r.act.map((a, j) => <div key={j}><b>act</b> {a}</div>)}
                {r.status && <div><b>status</b> {r.status}</div>}
                <div><b>done</b> {r.result ?? 'in flight'}{r.requeueAfter ? ` (requeue after ${r.requeueAfter} ms)` : ''}{r.error ? `: ${r.error}` : ''}</div>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/**
 * "Test my controller" (issue 16): runs the bug hunter (src/hunt) on a controller in a Web Worker of its own
 * (worker/hunt.worker.ts), with a progress bar and Stop (which ends that worker), then shows the result: the oracle
 * that failed, the minimised schedule, the cause chain of the bad write, "Replay in the timeline" (the run's recipe as
 * a share link, opened in a new tab) and the scenario file to download. Loaded on demand by the controller inspector.
 */
import { useEffect, useReducer, useRef } from 'react';
import type { HuntRequest, HuntResult, HuntWorkerMessage } from '../../worker/protocol.ts';
import { shareUrl } from '../share/share-link.ts';
import { huntReducer, IDLE, progressFraction, progressText, resultHeadline, scheduleLines } from './hunt-view.ts';

const SEEDS = 40;
const BUDGET_MS = 120_000;

export function TestMyController({ controller, source, workload }: { controller: string; source?: string; workload?: string }) {
  const [view, dispatch] = useReducer(huntReducer, IDLE);
  const worker = useRef<Worker | null>(null);
  const end = () => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => end, []);

  const start = () => {
    end();
    const w = new Worker(new URL('../../worker/hunt.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<HuntWorkerMessage>) => {
      dispatch({ type: 'message', message: e.data });
      if (e.data.type !== 'progress') end();
    };
    w.onerror = (e) => {
      dispatch({ type: 'message', message: { type: 'error', message: `the hunt worker failed: ${e.message}` } });
      end();
    };
    const request: HuntRequest = { type: 'hunt', controller, seeds: SEEDS, budgetMs: BUDGET_MS, ...(source !== undefined ? { source } : {}), ...(workload !== undefined ? { workload } : {}) };
    dispatch({ type: 'start', seeds: SEEDS });
    w.postMessage(request);
  };
  const stop = () => {
    end();
    dispatch({ type: 'stop' });
  };

  return (
    <section className="hunt" aria-label="Test my controller" data-testid="hunt">
      <h4>test this controller</h4>
      <p className="meta">Runs its workload under crashes between its writes, stale and missed watch events, conflicts and an unavailable api-server, and checks it still converges to the unperturbed run's state.</p>
      <div className="buttons">
        {view.phase === 'running' ? (
          <button onClick={stop} data-testid="hunt-stop">Stop</button>
        ) : (
          <button onClick={start} data-testid="hunt-start">Test my controller</button>
        )}
      </div>
      {(view.phase === 'running' || view.phase === 'stopped') && (
        <p>
          <progress value={progressFraction(view)} max={1} aria-label="hunt progress" /> <span data-testid="hunt-progress">{progressText(view)}</span>
        </p>
      )}
      {view.phase === 'error' && <p className="error" role="alert">{view.message}</p>}
      {view.phase === 'done' && <HuntResultView result={view.result} />}
    </section>
  );
}

function HuntResultView({ result }: { result: HuntResult }) {
  const f = result.finding;
  const replay = () => f && window.open(shareUrl(window.location, f.recipe), '_blank', 'noopener');
  const download = () => {
    if (!f) return;
    const url = URL.createObjectURL(new Blob([f.scenario], { type: 'application/yaml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${result.controller}-hunt.yaml`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div data-testid="hunt-result">
      <p className={f ? 'error' : undefined}>{resultHeadline(result)}</p>
      {f && (
        <>
          <h4>minimised schedule ({f.minimised.length} of {f.plan.perturbations.length})</h4>
          <ol data-testid="hunt-schedule">
            {scheduleLines(result).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          {f.failures.length > 1 && (
            <ul>
              {f.failures.slice(1, 5).map((x, i) => (
                <li key={i}>
                  also {x.oracle}: {x.message}
                </li>
              ))}
            </ul>
          )}
          {f.causeChain.length > 0 && (
            <>
              <h4>cause chain of the bad write</h4>
              <ol className="cause-chain">
                {f.causeChain.slice(0, 12).map((c) => (
                  <li key={c.id}>
                    {(c.time / 1000).toFixed(3)} s · {c.actor} · {c.text}
                  </li>
                ))}
              </ol>
            </>
          )}
          <div className="buttons">
            <button onClick={replay} data-testid="hunt-replay">Replay in the timeline</button>
            <button onClick={download}>Download scenario file</button>
          </div>
          {!f.replayVerified && <p className="meta">The scenario file does not replay this run on its own; the timeline replay (its recipe) does.</p>}
        </>
      )}
    </div>
  );
}

/**
 * GitOps: the simulated Git repo's files, editable and committed with `git-commit`; each Argo CD Application's sync
 * status (Synced / OutOfSync) with the per-resource diff, and toggles for auto-sync, selfHeal, prune and
 * ignoreDifferences on Deployments' spec.replicas (applied to the Application, as `kubectl apply` would).
 */
import { useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { act } from '../connection/sim-connection.ts';
import { useInspected } from './use-inspected.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';
import { applicationView, changedFiles, folders, newApplication, pathError, toggledApplication, type ApplicationView, type Drafts, type SyncToggles } from './gitops-model.ts';

type Message = { ok: boolean; text: string } | null;

export function GitOpsPanel() {
  const repo = useSim((s) => s.gitops);
  const objects = useSim((s) => s.objects);
  const apps = [...objects.values()].filter((o) => o.kind === 'Application' && o.apiVersion.startsWith('argoproj.io/')).sort((a, b) => a.key.localeCompare(b.key));
  return (
    <section className="gitops-panel" aria-label="GitOps" data-testid="gitops-panel">
      <GitFolder head={repo?.files ?? {}} headSha={repo?.head ?? null} commits={repo?.commits.length ?? 0} />
      <div className="gitops-apps">
        <h2>Applications</h2>
        {apps.length === 0 && <p className="hint">No Argo CD Application yet. Commit manifests, then create one for their folder.</p>}
        {apps.map((a) => (
          <ApplicationCard key={a.key} summary={a} />
        ))}
        {repo && <NewApplication files={repo.files} />}
      </div>
    </section>
  );
}

function GitFolder({ head, headSha, commits }: { head: Record<string, string>; headSha: string | null; commits: number }) {
  const [drafts, setDrafts] = useState<Drafts>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [newPath, setNewPath] = useState('');
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<Message>(null);
  const paths = [...new Set([...Object.keys(head), ...Object.keys(drafts)])].sort();
  const current = selected ?? paths[0] ?? null;
  const text = current === null ? '' : current in drafts ? drafts[current] : head[current];
  const changes = changedFiles(head, drafts);
  const changed = Object.keys(changes);
  const addFile = () => {
    const err = pathError(newPath);
    if (err) return setResult({ ok: false, text: err });
    setDrafts({ ...drafts, [newPath]: drafts[newPath] ?? head[newPath] ?? '' });
    setSelected(newPath);
    setNewPath('');
    setResult(null);
  };
  const commit = async () => {
    const r = await act({ type: 'git-commit', files: changes, message: message || `update ${changed.join(', ')}` });
    setResult({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'committed' : 'failed') });
    if (r.ok) {
      setDrafts({});
      setMessage('');
    }
  };
  return (
    <div className="git-folder">
      <h2>
        Git <span className="hint">{headSha ? `HEAD ${headSha.slice(0, 7)} · ${commits} commit${commits === 1 ? '' : 's'}` : 'empty: the first commit starts Argo CD'}</span>
      </h2>
      <div className="git-body">
        <ul className="git-files" aria-label="Files in Git">
          {paths.map((p) => (
            <li key={p}>
              <button className={`file ${p === current ? 'on' : ''} ${p in changes ? (changes[p] === null ? 'deleted' : 'changed') : ''}`} onClick={() => setSelected(p)} title={p}>
                {p}
                {p in changes ? (changes[p] === null ? ' (deleted)' : ' •') : ''}
              </button>
            </li>
          ))}
          <li className="new-file">
            <input value={newPath} onChange={(e) => setNewPath(e.target.value)} placeholder="apps/web/service.yaml" aria-label="New file path" onKeyDown={(e) => e.key === 'Enter' && addFile()} />
            <button className="mini" onClick={addFile}>Add</button>
          </li>
        </ul>
        <div className="git-editor">
          {current !== null && text !== null && (
            <textarea
              value={text ?? ''}
              spellCheck={false}
              aria-label={`Contents of ${current}`}
              data-testid="git-file-text"
              onChange={(e) => setDrafts({ ...drafts, [current]: e.target.value })}
            />
          )}
          {current !== null && text === null && <p className="hint">{current} is deleted in this commit.</p>}
          <div className="git-actions">
            {current !== null && (
              <>
                {text === null ? (
                  <button className="mini" onClick={() => setDrafts(withoutKey(drafts, current))}>Undo delete</button>
                ) : (
                  <button className="mini danger" onClick={() => setDrafts({ ...drafts, [current]: null })}>Delete file</button>
                )}
                {current in drafts && text !== null && <button className="mini" onClick={() => setDrafts(withoutKey(drafts, current))}>Revert</button>}
              </>
            )}
            <input value={message} onChange={(e) => setMessage(e.target.value)} placeholder="commit message" aria-label="Commit message" />
            <button className="primary" disabled={changed.length === 0} onClick={() => void commit()} data-testid="git-commit">
              Commit{changed.length ? ` ${changed.length}` : ''}
            </button>
          </div>
          {result && <pre className={`kubectl-output ${result.ok ? 'ok' : 'error'}`} data-testid="git-output">{result.text}</pre>}
        </div>
      </div>
    </div>
  );
}

function withoutKey(d: Drafts, key: string): Drafts {
  const { [key]: _drop, ...rest } = d;
  return rest;
}

function ApplicationCard({ summary }: { summary: ObjectSummary }) {
  const object = useInspected(summary);
  const view = applicationView(object);
  const app: { view: ApplicationView; object: unknown } | null = view ? { view, object } : null;
  const [result, setResult] = useState<Message>(null);
  if (!app) return <div className="app-card">application/{summary.name}…</div>;
  const v = app.view;
  const toggle = async (change: Partial<SyncToggles>) => {
    const t: SyncToggles = { automated: v.automated, selfHeal: v.selfHeal, prune: v.prune, ignoreReplicas: v.ignoresReplicas, ...change };
    const r = await act({ type: 'apply', manifests: [toggledApplication(app.object, t)], force: true });
    setResult({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'applied' : 'failed') });
  };
  const syncClass = v.sync === 'Synced' ? 'ok' : v.sync === 'OutOfSync' ? 'bad' : 'pend';
  return (
    <div className="app-card" data-testid={`app-${v.name}`}>
      <div className="app-head">
        <strong>application/{v.name}</strong>
        <span className={`sync-badge ${syncClass}`} data-testid="sync-status">{v.sync || 'Unknown'}</span>
        {v.health && <span className="hint">{v.health}</span>}
        <span className="hint">
          {v.path}@{v.revision ? v.revision.slice(0, 7) : v.targetRevision}
        </span>
      </div>
      <div className="app-toggles">
        <label className="toggle">
          <input type="checkbox" checked={v.automated} onChange={(e) => void toggle({ automated: e.target.checked })} data-testid="toggle-automated" /> auto-sync
        </label>
        <label className="toggle">
          <input type="checkbox" checked={v.selfHeal} disabled={!v.automated} onChange={(e) => void toggle({ selfHeal: e.target.checked })} data-testid="toggle-selfheal" /> selfHeal
        </label>
        <label className="toggle">
          <input type="checkbox" checked={v.prune} disabled={!v.automated} onChange={(e) => void toggle({ prune: e.target.checked })} /> prune
        </label>
        <label className="toggle" title="ignoreDifferences: {group: apps, kind: Deployment, jsonPointers: [/spec/replicas]}">
          <input type="checkbox" checked={v.ignoresReplicas} onChange={(e) => void toggle({ ignoreReplicas: e.target.checked })} data-testid="toggle-ignore-replicas" /> ignore Deployment spec.replicas
        </label>
      </div>
      {v.resources.length > 0 && (
        <table className="app-resources">
          <tbody>
            {v.resources.map((r) => (
              <tr key={`${r.kind}/${r.namespace ?? ''}/${r.name}`} className={r.status === 'OutOfSync' ? 'out' : ''}>
                <td>
                  {r.kind.toLowerCase()}/{r.name}
                </td>
                <td className={r.status === 'Synced' ? 'ok' : 'bad'}>{r.status}{r.requiresPruning ? ' (prune)' : ''}</td>
                <td>{r.health ?? ''}</td>
                <td className="diff">
                  {r.diff.map((d) => (
                    <div key={d}>{d}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {v.operation && <div className="hint small">last operation: {v.operation}</div>}
      {v.conditions.map((c) => (
        <div key={c} className="app-condition">{c}</div>
      ))}
      {result && <pre className={`kubectl-output ${result.ok ? 'ok' : 'error'}`}>{result.text}</pre>}
    </div>
  );
}

function NewApplication({ files }: { files: Record<string, string> }) {
  const dirs = folders(files);
  const [dir, setDir] = useState('');
  const [result, setResult] = useState<Message>(null);
  const path = dir || dirs[0] || '';
  if (!dirs.length) return null;
  const create = async () => {
    const name = path.split('/').pop() || 'app';
    const r = await act({ type: 'apply', manifests: [newApplication(name, path)] });
    setResult({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'created' : 'failed') });
  };
  return (
    <div className="new-app">
      <select value={path} onChange={(e) => setDir(e.target.value)} aria-label="Folder to sync">
        {dirs.map((d) => (
          <option key={d}>{d}</option>
        ))}
      </select>
      <button onClick={() => void create()}>Create Application (auto-sync, selfHeal)</button>
      {result && <pre className={`kubectl-output ${result.ok ? 'ok' : 'error'}`}>{result.text}</pre>}
    </div>
  );
}

/**
 * Pure helpers of the GitOps panel: what a commit contains (only the files the user changed), an Argo CD
 * Application's status in the panel's terms, and the Application manifest the sync toggles apply.
 */

type Json = Record<string, unknown>;

/** Edits of the Git folder: path → new text, or null to delete. */
export type Drafts = Record<string, string | null>;

/**
 * The `files` of a git-commit action: drafts that differ from HEAD (a deletion of a file HEAD lacks, or text equal
 * to HEAD's, is dropped). Sorted by path.
 */
export function changedFiles(head: Readonly<Record<string, string>>, drafts: Readonly<Drafts>): Drafts {
  const out: Drafts = {};
  for (const path of Object.keys(drafts).sort()) {
    const text = drafts[path];
    if (text === null) {
      if (path in head) out[path] = null;
    } else if (text !== undefined && head[path] !== text) out[path] = text;
  }
  return out;
}

/** A repository path the simulated repo accepts: relative, no "..", no empty segment. Returns an error or null. */
export function pathError(path: string): string | null {
  if (!path.trim()) return 'give the file a path, e.g. apps/web/deployment.yaml';
  if (path.startsWith('/')) return 'paths are relative to the repository root (no leading /)';
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..')) return `invalid path ${JSON.stringify(path)}`;
  return null;
}

/** One managed resource in the panel. */
export interface ResourceRow {
  kind: string;
  name: string;
  namespace?: string;
  status: string;
  health?: string;
  requiresPruning: boolean;
  /** "spec.replicas: git 3, live 6", one per field. */
  diff: string[];
}

/** An Application as the panel shows it. */
export interface ApplicationView {
  name: string;
  namespace: string;
  path: string;
  targetRevision: string;
  /** Synced / OutOfSync / Unknown ("" before the controller's first comparison). */
  sync: string;
  revision: string;
  health: string;
  automated: boolean;
  selfHeal: boolean;
  prune: boolean;
  /** True when an ignoreDifferences rule covers Deployments' /spec/replicas. */
  ignoresReplicas: boolean;
  resources: ResourceRow[];
  /** The last operation: "Succeeded: Partial sync operation to … succeeded". */
  operation?: string;
  conditions: string[];
}

/** Reads an Application object (as `inspect` returns it). */
export function applicationView(obj: unknown): ApplicationView | null {
  const o = obj as Json | null;
  if (!o || o.kind !== 'Application') return null;
  const meta = (o.metadata ?? {}) as Json;
  const spec = (o.spec ?? {}) as Json;
  const status = (o.status ?? {}) as Json;
  const source = (spec.source ?? {}) as Json;
  const policy = (spec.syncPolicy ?? {}) as Json;
  const automated = policy.automated as Json | undefined | null;
  const sync = (status.sync ?? {}) as Json;
  const op = status.operationState as Json | undefined;
  const view: ApplicationView = {
    name: String(meta.name ?? ''),
    namespace: String(meta.namespace ?? 'default'),
    path: String(source.path ?? ''),
    targetRevision: String(source.targetRevision ?? 'HEAD'),
    sync: String(sync.status ?? ''),
    revision: String(sync.revision ?? ''),
    health: String(((status.health ?? {}) as Json).status ?? ''),
    automated: !!automated,
    selfHeal: !!automated?.selfHeal,
    prune: !!automated?.prune,
    ignoresReplicas: ignoresReplicas(spec.ignoreDifferences),
    resources: ((status.resources ?? []) as Json[]).map((r) => {
      const row: ResourceRow = {
        kind: String(r.kind ?? ''),
        name: String(r.name ?? ''),
        status: String(r.status ?? ''),
        requiresPruning: !!r.requiresPruning,
        diff: Array.isArray(r.diff) ? r.diff.map(String) : [],
      };
      if (typeof r.namespace === 'string') row.namespace = r.namespace;
      const health = (r.health as Json | undefined)?.status;
      if (typeof health === 'string') row.health = health;
      return row;
    }),
    conditions: ((status.conditions ?? []) as Json[]).map((c) => `${String(c.type ?? '')}: ${String(c.message ?? '')}`),
  };
  if (op) view.operation = `${String(op.phase ?? '')}: ${String(op.message ?? '')}`;
  return view;
}

function ignoresReplicas(rules: unknown): boolean {
  return Array.isArray(rules) && rules.some((r: Json) => r?.kind === 'Deployment' && Array.isArray(r.jsonPointers) && r.jsonPointers.includes('/spec/replicas'));
}

/** The sync toggles. */
export interface SyncToggles {
  automated: boolean;
  selfHeal: boolean;
  prune: boolean;
  ignoreReplicas: boolean;
}

/**
 * The Application to apply for these toggles: the live object's identity and spec, with `syncPolicy.automated` and the
 * Deployment /spec/replicas ignoreDifferences rule set or removed (other rules and options are kept). Server-managed
 * fields (status, resourceVersion, managedFields…) are left out, as a manifest would.
 */
export function toggledApplication(obj: unknown, t: SyncToggles): Json {
  const o = obj as Json;
  const meta = (o.metadata ?? {}) as Json;
  const spec = structuredClone((o.spec ?? {}) as Json);
  const policy = { ...((spec.syncPolicy ?? {}) as Json) };
  if (t.automated) policy.automated = { prune: t.prune, selfHeal: t.selfHeal };
  else delete policy.automated;
  if (Object.keys(policy).length) spec.syncPolicy = policy;
  else delete spec.syncPolicy;
  const rules = (Array.isArray(spec.ignoreDifferences) ? (spec.ignoreDifferences as Json[]) : []).filter(
    (r) => !(r.kind === 'Deployment' && Array.isArray(r.jsonPointers) && r.jsonPointers.length === 1 && r.jsonPointers[0] === '/spec/replicas'),
  );
  if (t.ignoreReplicas && !ignoresReplicas(rules)) rules.push({ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] });
  if (rules.length) spec.ignoreDifferences = rules;
  else delete spec.ignoreDifferences;
  const metadata: Json = { name: meta.name, namespace: meta.namespace };
  if (meta.labels) metadata.labels = meta.labels;
  return { apiVersion: o.apiVersion, kind: o.kind, metadata, spec };
}

/** An Application syncing one folder of the repo into `destNamespace`, automated with selfHeal and prune. */
export function newApplication(name: string, path: string, destNamespace = 'default'): Json {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://git.example.com/platform.git', path, targetRevision: 'HEAD' },
      destination: { server: 'https://kubernetes.default.svc', namespace: destNamespace },
      syncPolicy: { automated: { prune: true, selfHeal: true } },
    },
  };
}

/** The repo's top folders (of files at depth ≥ 2, e.g. "apps/web"), for the "new Application" picker. */
export function folders(files: Readonly<Record<string, string>>): string[] {
  const set = new Set<string>();
  for (const p of Object.keys(files)) {
    const i = p.lastIndexOf('/');
    if (i > 0) set.add(p.slice(0, i));
  }
  return [...set].sort();
}

/**
 * Checks the manifests written inside a scenario before anything runs, so a YAML slip or an unknown kind in a
 * lesson is reported at its line in the scenario file instead of as a failed apply halfway through the run.
 *
 * Kinds are checked against the api-server's built-in discovery (api/resources.ts) plus the kinds that
 * CustomResourceDefinitions in the same scenario define. The message is kubectl's own:
 * `no matches for kind "Widget" in version "example.com/v1"`.
 */
import { parseManifests } from '../actions/manifests.ts';
import { apiVersionOf, BUILTIN_RESOURCES } from '../api/resources.ts';
import { APPLICATION_API_VERSION, APPLICATION_KIND } from '../gitops/application-crd.ts';

/** Where a manifests value sits in the scenario file and how to map its own lines onto the file's. */
export interface ManifestsSite {
  path: PropertyKey[];
  value: string | object[];
  /** File line of the text's first line (a block scalar's line after `|`); 0 when its lines are not the file's. */
  firstLine: number;
  /** Columns to add to a column inside the text (the block scalar's indentation). */
  indent: number;
}

export interface ManifestIssue {
  path: PropertyKey[];
  /** Absolute position in the scenario file, when known; else the issue is reported at `path`. */
  line?: number;
  column?: number;
  message: string;
}

export function checkManifests(sites: readonly ManifestsSite[]): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  const parsed = sites.map((site) => ({ site, result: parseManifests(site.value) }));
  const known = new Set(BUILTIN_RESOURCES.map((r) => `${apiVersionOf(r)}/${r.kind}`));
  // The Application CRD, installed by the argocd-application-controller once GitOps is on (a gitCommit action).
  known.add(`${APPLICATION_API_VERSION}/${APPLICATION_KIND}`);
  for (const { result } of parsed) {
    for (const d of result.documents) {
      const o = d.object as { kind?: unknown; spec?: { group?: unknown; names?: { kind?: unknown }; versions?: Array<{ name?: unknown }> } };
      if (o.kind !== 'CustomResourceDefinition') continue;
      for (const v of o.spec?.versions ?? []) known.add(`${String(o.spec?.group)}/${String(v.name)}/${String(o.spec?.names?.kind)}`);
    }
  }
  for (const { site, result } of parsed) {
    const at = (line: number, column: number, message: string, index?: number): ManifestIssue => {
      const path = typeof site.value === 'string' || index === undefined ? site.path : [...site.path, index];
      return typeof site.value === 'string' && line > 0 && site.firstLine > 0 ? { path, line: site.firstLine + line - 1, column: column + site.indent, message } : { path, message };
    };
    // parseManifests' messages may end in yaml's own " at line L, column C:" (relative to the text): drop it.
    for (const e of result.errors) issues.push(at(e.line, e.column, e.message.replace(/ at line \d+, column \d+:?$/, ''), e.documentIndex));
    for (const d of result.documents) {
      const { apiVersion, kind } = d.object as { apiVersion?: unknown; kind?: unknown };
      if (typeof apiVersion !== 'string' || typeof kind !== 'string') continue;
      if (!known.has(`${apiVersion}/${kind}`)) {
        issues.push(at(d.startLine, 1, `no matches for kind "${kind}" in version "${apiVersion}" (ensure CRDs are installed first)`, d.index));
      }
    }
  }
  return issues;
}

/**
 * What a lesson applies at 0 s, as the YAML the editor shows when the lesson opens: the scenario file's `manifests`
 * (docs/scenario-format.md: YAML text, one object, or a list of objects), so a learner edits the desired state the
 * lesson is playing instead of the playground's.
 */
import { parse, stringify } from 'yaml';

/** The lesson's manifests as YAML text, or null when the file has none (or does not parse: the worker says why). */
export function lessonManifests(scenarioText: string): string | null {
  let file: unknown;
  try {
    file = parse(scenarioText, { maxAliasCount: 100 });
  } catch {
    return null;
  }
  const manifests = (file as { manifests?: unknown } | null)?.manifests;
  if (typeof manifests === 'string') return manifests.trim() === '' ? null : manifests;
  const list = Array.isArray(manifests) ? manifests : manifests && typeof manifests === 'object' ? [manifests] : [];
  const docs = list.filter((m) => m && typeof m === 'object');
  return docs.length ? docs.map((d) => stringify(d)).join('---\n') : null;
}

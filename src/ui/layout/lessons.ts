/**
 * The scenario files of the repository, bundled into the page as text (static, offline), with their names and lessons.
 * Their names are read by parsing each file's metadata (scenario-metadata.ts), which takes a while (tens of files):
 * {@link lessons} does it on first use, not while the page's modules load. The lesson picker imports this module once
 * the first frame is painted, so the files' text and the YAML parser are a chunk of their own, not part of the page's
 * entry.
 */
import { scenarioMetadata } from './scenario-metadata.ts';

export { lessonManifests } from './lesson-manifests.ts';

const files = import.meta.glob('../../../scenarios/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Lesson {
  id: string;
  name: string;
  description: string;
  text: string;
}

let cached: Lesson[] | null = null;

/** The lessons, sorted by file name (parsed on the first call). */
export function lessons(): Lesson[] {
  cached ??= readLessons();
  return cached;
}

function readLessons(): Lesson[] {
  return Object.entries(files)
    .map(([path, text]) => {
      const id = path.split('/').pop()!.replace(/\.yaml$/, '');
      let name = id;
      let description = '';
      try {
        const metadata = scenarioMetadata(text) as { name?: string; description?: string } | undefined;
        name = metadata?.name ?? id;
        description = (metadata?.description ?? '').trim();
      } catch {
        // A bundled file that does not parse is still offered; the worker reports its error where it is opened.
      }
      return { id, name, description, text };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

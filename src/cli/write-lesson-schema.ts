/**
 * Writes docs/lesson.schema.json from the zod schema of the lesson format (src/lessons/lesson-schema.ts).
 * Run after changing the format: `npx tsx src/cli/write-lesson-schema.ts`. A test fails while the committed file is
 * out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lessonJsonSchema } from '../lessons/lesson-schema.ts';

/** Where the schema is published. */
export const LESSON_SCHEMA_PATH = fileURLToPath(new URL('../../docs/lesson.schema.json', import.meta.url));

/** The exact text of the schema file. */
export function lessonSchemaText(): string {
  return `${JSON.stringify(lessonJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(LESSON_SCHEMA_PATH, lessonSchemaText());
  console.log(`wrote ${LESSON_SCHEMA_PATH}`);
}

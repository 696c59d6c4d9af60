/**
 * Writes docs/scenario.schema.json from the zod schema of the scenario format (src/sim/scenario/scenario-schema.ts).
 * Run after changing the format: `npx tsx src/cli/write-scenario-schema.ts`. A test fails while the committed file
 * is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scenarioJsonSchema } from '../sim/scenario/scenario-schema.ts';

/** Where the schema is published. */
export const SCENARIO_SCHEMA_PATH = fileURLToPath(new URL('../../docs/scenario.schema.json', import.meta.url));

/** The exact text of the schema file. */
export function scenarioSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(SCENARIO_SCHEMA_PATH, scenarioSchemaText());
  console.log(`wrote ${SCENARIO_SCHEMA_PATH}`);
}

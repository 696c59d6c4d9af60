#!/usr/bin/env node
// `npx loopscope …` from a checkout, without a build step: tsx compiles src/cli on the fly.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));

/**
 * The CLI wired to the fake host (src/sim/scenario/testing/fake-host.ts), so its exit codes and output can be
 * tested in a child process without the real simulation: `node --import tsx src/cli/testdata/fake-cli.ts run …`.
 */
import { createFakeHost } from '../../sim/scenario/testing/fake-host.ts';
import { runCli } from '../main.ts';

process.exitCode = await runCli(process.argv.slice(2), { createHost: createFakeHost });

// The layer rules of docs/ARCHITECTURE.md, enforced:
//   src/sim     the simulated cluster: pure, deterministic; imports nothing from worker/ui/cli; no wall clock,
//               no Math.random, no timers, no DOM, no #private fields (checkpoints copy objects field by field).
//   src/worker  hosts one simulation; may import sim.
//   src/ui      React; talks to the simulation only through src/worker/protocol*.
//   src/cli     the headless runner; may import sim.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const simBannedGlobals = [
  { name: 'Date', message: 'src/sim runs on virtual time: use ctx.scheduler.now and engine/clock.ts.' },
  { name: 'setTimeout', message: 'src/sim schedules on virtual time: use ctx.scheduler.after().' },
  { name: 'setInterval', message: 'src/sim schedules on virtual time: use ctx.scheduler.after().' },
  { name: 'setImmediate', message: 'src/sim schedules on virtual time: use ctx.scheduler.after().' },
  { name: 'queueMicrotask', message: 'src/sim is synchronous and deterministic.' },
  { name: 'performance', message: 'src/sim runs on virtual time.' },
  { name: 'window', message: 'src/sim has no DOM.' },
  { name: 'document', message: 'src/sim has no DOM.' },
  { name: 'navigator', message: 'src/sim has no DOM.' },
  { name: 'localStorage', message: 'src/sim has no DOM.' },
  { name: 'fetch', message: 'src/sim has no network but its own simulated one.' },
  { name: 'self', message: 'src/sim must not know it runs in a worker.' },
  { name: 'process', message: 'src/sim must run the same in Node and the browser.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/ui/editor/schemas/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/sim/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/worker/**', '**/ui/**', '**/cli/**', 'react', 'react-dom', 'zustand', '@xyflow/*', 'monaco-editor'], message: 'src/sim imports nothing from worker, ui or cli (not even types).' },
            { group: ['**/kubectl/**', '**/lessons/**', '**/serve/**', '**/sandbox/**', '**/hunt/**'], message: 'src/sim is the bottom room: kubectl, lessons, serve, sandbox and hunt build on it, never the reverse.' },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/sim runs in the browser too: no Node modules.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...simBannedGlobals],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the simulation\'s seeded Rng (ctx.rng).' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'PrivateIdentifier', message: 'No #private fields in src/sim: checkpoints copy objects field by field. Use TypeScript `private`.' },
      ],
    },
  },
  {
    // Tests of src/sim may measure wall time and spawn processes (e.g. determinism across two processes); the code they
    // test may not.
    files: ['src/sim/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/worker/**', '**/ui/**', '**/cli/**', '**/kubectl/**', '**/lessons/**'], message: 'src/sim imports nothing from worker, ui, cli, kubectl or lessons.' }] },
      ],
      'no-restricted-globals': ['error', ...simBannedGlobals.filter((g) => !['performance', 'process', 'Date'].includes(g.name))],
    },
  },
  {
    // The one place that turns virtual milliseconds into RFC 3339 text.
    files: ['src/sim/engine/clock.ts', 'src/sim/controllers/cronjob/cron-schedule.ts'],
    rules: { 'no-restricted-globals': ['error', ...simBannedGlobals.filter((g) => g.name !== 'Date')] },
  },
  {
    // The rooms above the simulation (DESIGN.md): kubectl as a program, and lessons. Pure like src/sim: they run in the
    // page's worker and in Node alike. Lessons may use kubectl (a task typed as a command), never the reverse.
    files: ['src/kubectl/**/*.ts', 'src/lessons/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/worker/**', '**/ui/**', '**/cli/**', 'react', 'react-dom', 'zustand'], message: 'kubectl and lessons are pure rooms: nothing from worker, ui or cli.' },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'kubectl and lessons run in the browser too: no Node modules.' },
          ],
        },
      ],
      // Date may parse and print timestamps (kubectl's ages, RFC 3339); it may not read the wall clock.
      'no-restricted-globals': ['error', ...simBannedGlobals.filter((g) => g.name !== 'Date')],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Deterministic rooms: no Math.random.' },
        { object: 'Date', property: 'now', message: 'Deterministic rooms read virtual time (KubectlTarget.now, the simulation), never the wall clock.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the wall clock: use virtual time.' }],
    },
  },
  {
    files: ['src/kubectl/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/lessons/**', '**/worker/**', '**/ui/**', '**/cli/**', 'react', 'react-dom', 'zustand', 'node:*', 'fs', 'path', 'os', 'child_process'], message: 'kubectl imports sim only (lessons build on kubectl); it runs in the browser: no Node modules.' }] }] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sim/**', '!**/sim/**/*.d.ts'], message: 'src/ui talks to the simulation only through src/worker/protocol.ts.' },
            { group: ['**/worker/**', '!**/worker/protocol.ts'], message: 'src/ui talks to the worker only through src/worker/protocol.ts.' },
            { group: ['**/cli/**'], message: 'src/ui does not use the CLI.' },
            { group: ['../../lessons/**', '../../kubectl/**', '../../../lessons/**', '../../../kubectl/**'], message: 'src/ui reaches lessons and kubectl only through the worker protocol (src/ui/lessons is the page\'s side).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**', '**/cli/**'], message: 'src/worker imports sim only.' }] }] },
  },
  {
    // The host of user-written controllers (src/sandbox/README.md): it implements the simulation's program runner and
    // runs in the page's worker and in Node alike. It may import sim, never the rooms above it; the wall clock only as
    // the CPU budget's backstop (performance.now), never Date or Math.random.
    files: ['src/sandbox/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/sandbox/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/worker/**', '**/ui/**', '**/cli/**', '**/kubectl/**', '**/lessons/**', '**/hunt/**', 'react', 'react-dom', 'zustand', 'node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/sandbox imports sim only; it runs in the browser too: no Node modules.' }] },
      ],
      'no-restricted-globals': ['error', ...simBannedGlobals.filter((g) => g.name !== 'performance')],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'User controllers get the seeded stream (ProgramEnv.random).' }],
    },
  },
  {
    // The bug hunter (issue 16): plans, oracles, minimisation, replayable results. Pure like src/sim: the page runs it
    // in a worker of its own, the CLI in Node; its budget's clock is handed in. It may import sim and sandbox only.
    files: ['src/hunt/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/worker/**', '**/ui/**', '**/cli/**', '**/kubectl/**', '**/lessons/**', '**/serve/**', 'react', 'react-dom', 'zustand', 'node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/hunt imports sim and sandbox only; it runs in the browser too: no Node modules.' }] },
      ],
      'no-restricted-globals': ['error', ...simBannedGlobals],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Plans come from the seeded Rng, so the same seed finds the same bug.' }],
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**', '**/worker/**'], message: 'src/cli imports sim only.' }] }] },
  },
);

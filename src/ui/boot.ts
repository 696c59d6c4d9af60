/**
 * The page's first act, before React renders anything: start the simulation worker with the default demo and tell it
 * to play. The demo goes as objects, so the worker need not load its YAML library first (src/worker/needs-libraries.ts).
 * The worker's script then loads and the cluster is built while React's first render runs, instead of after
 * it (main.tsx imports this module first, so it runs before the panels' modules are evaluated).
 *
 * `play` is queued behind `init` in the worker, which handles messages in order; if `init` failed there is no
 * simulation and `play` does nothing (the error is shown by the reply's handler).
 */
import { play, start } from './connection/sim-connection.ts';
import { DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from './default-demo.ts';

void start({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_OBJECTS });
play();

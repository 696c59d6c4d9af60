/**
 * The page's first act, before React renders anything: start the simulation worker with the default demo and tell it
 * to play. The demo goes as objects, so the worker need not load its YAML library first (src/worker/needs-libraries.ts).
 * The worker's script then loads and the cluster is built while React's first render runs, instead of after
 * it (main.tsx imports this module first, so it runs before the panels' modules are evaluated).
 *
 * A share link (`#run=…`) rebuilds the shared run instead, paused at the shared step. An address naming a lesson (`?lesson=<id>&step=<n>`) opens that lesson instead: its chunk (the lesson files and
 * their reader) is fetched first; an invalid address is said in the banner and the default demo plays.
 *
 * `?connect` (src/ui/attach) follows a simulation `loopscope serve` runs instead: at once for an address on this
 * machine or the page's own origin, after the person confirms it for any other (the demo plays meanwhile).
 *
 * `play` is queued behind `init` in the worker, which handles messages in order; if `init` failed there is no
 * simulation and `play` does nothing (the error is shown by the reply's handler).
 */
import { play, start } from './connection/sim-connection.ts';
import { DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from './default-demo.ts';
import { useSim } from './state/sim-store.ts';
import { connectTarget } from './attach/attach-address.ts';
import { attachTo, useAttachDialog } from './attach/attach-state.ts';

/** The default demo; `error`: why the address's lesson did not open, shown once the demo runs (a start clears errors). */
function startDemo(error?: string): void {
  void start({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_OBJECTS }).then(() => {
    if (error) useSim.getState().setError(error);
  });
  play();
}

/** A share link (`#run=…`): the run is rebuilt by re-executing its recipe, and shown paused at the shared step. */
async function openShared(): Promise<void> {
  const { decodeRecipe, linkData } = await import('./share/share-link.ts');
  const decoded = decodeRecipe(linkData(location.hash) ?? '');
  if ('error' in decoded) return startDemo(`${decoded.error}; playing the playground instead`);
  const error = await start({ seed: DEFAULT_SEED, recipe: decoded.recipe as never });
  if (error) startDemo(`${error}; playing the playground instead`);
}

/** `?connect`: follow a served simulation; an address not on this machine waits for the person to confirm it. */
async function openServed(address: string): Promise<void> {
  if (!(await attachTo(address))) startDemo(`could not attach to ${address}: ${useAttachDialog.getState().error}; playing the playground instead`);
}

const served = connectTarget(location.search, location.origin);
if (served && !served.confirm) {
  void openServed(served.address);
} else if (/^#(?:.*&)?run=/.test(location.hash)) {
  openShared().catch((e: Error) => startDemo(`the share link's code could not load (${e.message}); playing the playground instead`));
} else if (/[?&]lesson=/.test(location.search)) {
  import('./lessons/open-lesson.ts')
    .then((m) => m.openFromAddress('replace'))
    .then(
      ({ opened, error }) => opened || startDemo(error),
      (e: Error) => startDemo(`the lesson's code could not load (${e.message}); playing the playground instead`),
    );
} else {
  startDemo();
  if (served) useAttachDialog.setState({ open: true, address: served.address });
}

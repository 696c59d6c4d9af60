/**
 * User-written controllers in the worker (src/sandbox): the sandbox (QuickJS and sucrase) is loaded the first time a
 * message may install one, never for the default demo. {@link sandboxGate} holds such a message, and every message
 * after it, until the sandbox is in (a {@link LibraryGate} of its own), so the action applies at
 * the moment the person acted and a replay never meets an install without its runner.
 *
 * Which messages: an `act` whose action is `install-controller`, and an `init` whose recipe (share link), scenario or
 * lesson text mentions installing one. The answer is a superset, read from the raw message before validation.
 */
import { isObject } from '../sim/apiserver/admission/json-shape.ts';
import { LibraryGate, type OnDemandLoader } from './library-gate.ts';

const MENTIONS_INSTALL = /install-controller|installController|(^|\n)controllers:/;

export function needsSandbox(message: unknown): boolean {
  if (!isObject(message)) return false;
  if (message['type'] === 'act') return isObject(message['action']) && message['action']['type'] === 'install-controller';
  if (message['type'] !== 'init' || !isObject(message['setup'])) return false;
  const setup = message['setup'];
  for (const key of ['recipe', 'scenario', 'lesson']) {
    const v = setup[key];
    if (v === undefined) continue;
    try {
      if (MENTIONS_INSTALL.test(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) return true;
    } catch {
      return true; // not JSON data: the command is refused anyway
    }
  }
  return false;
}

let loaded = false;

/** Loads the sandbox and installs its runner into the simulation (once). */
export const sandboxLoader: OnDemandLoader = {
  loaded: () => loaded,
  load: async () => {
    const { loadSandboxForWorker } = await import('./sandbox-variant.ts');
    await loadSandboxForWorker();
    loaded = true;
  },
};

/** The gate for messages that need the sandbox, in front of `pass` (the host puts it behind the libraries' gate). */
export function sandboxGate(pass: (data: unknown) => void, refuse: (data: unknown, message: string) => void, onRelease: () => void, loader: OnDemandLoader = sandboxLoader): LibraryGate {
  return new LibraryGate(loader, pass, refuse, onRelease, needsSandbox, (error) => `could not load the sandbox that runs user controllers (${error}); reload the page to try again`);
}

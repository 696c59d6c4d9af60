/**
 * The sandbox as the page's worker loads it: the QuickJS WebAssembly file by the URL the bundler gives it (an asset of
 * its own, fetched when the first user controller is installed). In Node (the worker's tests) the package finds it.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import wasmLocation from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import { newVariant } from 'quickjs-emscripten-core';
import { loadSandbox } from '../sandbox/load.ts';

export async function loadSandboxForWorker(): Promise<void> {
  const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  await loadSandbox(inNode ? undefined : newVariant(variant, { wasmLocation }));
}

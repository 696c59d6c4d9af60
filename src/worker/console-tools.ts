/**
 * What the worker needs of the kubectl program (src/kubectl) for the page's console. Loaded on demand
 * (on-demand.ts): the page's first frame needs no kubectl.
 */
export { runKubectl } from '../kubectl/run.ts';
export { kubectlEditSave } from '../kubectl/cmd/edit.ts';
export { loadExplainSchemas } from '../kubectl/cmd/explain.ts';
export { complete } from '../kubectl/complete.ts';
export { targetOf } from '../kubectl/target.ts';

/**
 * Tables of DaemonSets and ControllerRevisions, as kubernetes `pkg/printers/internalversion/printers.go` (v1.32)
 * prints them: printDaemonSet (NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE; wide adds
 * CONTAINERS IMAGES SELECTOR) and printControllerRevision (NAME CONTROLLER REVISION AGE).
 */
import { translateTimestampSince } from '../age.ts';
import { arr, at, formatLabels, formatLabelSelector, num, obj, str } from '../values.ts';
import { AGE, NAME, layoutContainerCells, type Cell, type KindTable } from './kind-table.ts';

const int = (v: unknown): number => Math.trunc(num(v));

export const daemonSetTable: KindTable = {
  columns: [
    NAME,
    { name: 'Desired', type: 'integer' },
    { name: 'Current', type: 'integer' },
    { name: 'Ready', type: 'integer' },
    { name: 'Up-to-date', type: 'integer' },
    { name: 'Available', type: 'integer' },
    { name: 'Node Selector', type: 'string' },
    AGE,
    { name: 'Containers', priority: 1, type: 'string' },
    { name: 'Images', priority: 1, type: 'string' },
    { name: 'Selector', priority: 1, type: 'string' },
  ],
  row(ds, now): Cell[] {
    const [names, images] = layoutContainerCells(at(ds, 'spec', 'template', 'spec', 'containers'));
    return [
      str(ds.metadata?.name),
      int(at(ds, 'status', 'desiredNumberScheduled')),
      int(at(ds, 'status', 'currentNumberScheduled')),
      int(at(ds, 'status', 'numberReady')),
      int(at(ds, 'status', 'updatedNumberScheduled')),
      int(at(ds, 'status', 'numberAvailable')),
      formatLabels(at(ds, 'spec', 'template', 'spec', 'nodeSelector')),
      translateTimestampSince(now, ds.metadata?.creationTimestamp),
      names,
      images,
      formatLabelSelector(at(ds, 'spec', 'selector')),
    ];
  },
};

/** printers.go formatResourceName with the kind: "daemonset.apps/agent" (the group kind in lower case). */
function controllerName(refs: unknown): string {
  const ref = arr(refs).map(obj).find((r) => r?.controller === true);
  if (!ref) return '<none>';
  const apiVersion = str(ref.apiVersion);
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = str(ref.kind);
  const groupKind = group ? `${kind}.${group}` : kind;
  return groupKind ? `${groupKind.toLowerCase()}/${str(ref.name)}` : str(ref.name);
}

export const controllerRevisionTable: KindTable = {
  columns: [NAME, { name: 'Controller', type: 'string' }, { name: 'Revision', type: 'integer' }, AGE],
  row(cr, now): Cell[] {
    return [str(cr.metadata?.name), controllerName(cr.metadata?.ownerReferences), int(cr.revision), translateTimestampSince(now, cr.metadata?.creationTimestamp)];
  },
};

/**
 * Tables of StatefulSets and PersistentVolumeClaims, as kubernetes `pkg/printers/internalversion/printers.go`
 * (v1.32) prints them: printStatefulSet (NAME READY AGE, READY as ready/desired; wide adds CONTAINERS IMAGES) and
 * printPersistentVolumeClaim (NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE; wide
 * adds VOLUMEMODE; capacity and access modes only once bound to a volume; "Terminating" while being deleted).
 */
import { translateTimestampSince } from '../age.ts';
import { quantityString } from '../quantity.ts';
import { arr, at, num, str } from '../values.ts';
import { AGE, NAME, layoutContainerCells, type Cell, type KindTable } from './kind-table.ts';

const int = (v: unknown): number => Math.trunc(num(v));

export const statefulSetTable: KindTable = {
  columns: [NAME, { name: 'Ready', type: 'string' }, AGE, { name: 'Containers', priority: 1, type: 'string' }, { name: 'Images', priority: 1, type: 'string' }],
  row(set, now): Cell[] {
    const [names, images] = layoutContainerCells(at(set, 'spec', 'template', 'spec', 'containers'));
    return [str(set.metadata?.name), `${int(at(set, 'status', 'readyReplicas'))}/${int(at(set, 'spec', 'replicas'))}`, translateTimestampSince(now, set.metadata?.creationTimestamp), names, images];
  },
};

/** `storageutil.GetPersistentVolumeClaimClass`: the beta annotation, else `spec.storageClassName`, else "". */
export function persistentVolumeClaimClass(pvc: { metadata?: { annotations?: Record<string, string> }; spec?: unknown }): string {
  const annotated = pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
  if (annotated !== undefined) return annotated;
  return str(at(pvc, 'spec', 'storageClassName'));
}

/** `helper.GetAccessModesAsString`: the short names, each once, in kubectl's order (RWO, ROX, RWX, RWOP). */
export function accessModesAsString(modes: unknown): string {
  const have = new Set(arr(modes).map(str));
  const order: Array<[string, string]> = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return order
    .filter(([m]) => have.has(m))
    .map(([, s]) => s)
    .join(',');
}

export const persistentVolumeClaimTable: KindTable = {
  columns: [
    NAME,
    { name: 'Status', type: 'string' },
    { name: 'Volume', type: 'string' },
    { name: 'Capacity', type: 'string' },
    { name: 'Access Modes', type: 'string' },
    { name: 'StorageClass', type: 'string' },
    { name: 'VolumeAttributesClass', type: 'string' },
    AGE,
    { name: 'VolumeMode', priority: 1, type: 'string' },
  ],
  row(pvc, now): Cell[] {
    const phase = pvc.metadata?.deletionTimestamp ? 'Terminating' : str(at(pvc, 'status', 'phase'));
    const volumeName = str(at(pvc, 'spec', 'volumeName'));
    const bound = volumeName !== '';
    const storage = at(pvc, 'status', 'capacity', 'storage');
    const vac = str(at(pvc, 'spec', 'volumeAttributesClassName'));
    const mode = str(at(pvc, 'spec', 'volumeMode'));
    return [
      str(pvc.metadata?.name),
      phase,
      volumeName,
      bound && storage !== undefined ? quantityString(storage) : bound ? '0' : '',
      bound ? accessModesAsString(at(pvc, 'status', 'accessModes')) : '',
      persistentVolumeClaimClass(pvc as { metadata?: { annotations?: Record<string, string> }; spec?: unknown }),
      vac || '<unset>',
      translateTimestampSince(now, pvc.metadata?.creationTimestamp),
      mode || '<unset>',
    ];
  },
};

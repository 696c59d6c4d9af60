/**
 * `kubectl describe persistentvolumeclaim`: describe.go PersistentVolumeClaimDescriber / describePersistentVolumeClaim
 * and printPersistentVolumeClaim (v1.32): class, phase (or Terminating), volume, labels, annotations, finalizers,
 * capacity and access modes once bound, volume mode, the pods that mount it (printPodsMultiline "Used By"), events.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { translateTimestampSince } from '../printers/age.ts';
import { accessModesAsString, persistentVolumeClaimClass } from '../printers/kinds/statefulset.ts';
import { quantityString } from '../printers/quantity.ts';
import { arr, at, obj, str } from '../printers/values.ts';
import { eventsSection, printAnnotationsMultiline, printLabelsMultiline } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, PrefixWriter } from './prefix-writer.ts';

export function describePersistentVolumeClaim(pvc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const name = str(pvc.metadata?.name);
  const namespace = str(pvc.metadata?.namespace);
  w.write(LEVEL_0, `Name:\t${name}\n`);
  w.write(LEVEL_0, `Namespace:\t${namespace}\n`);
  w.write(LEVEL_0, `StorageClass:\t${persistentVolumeClaimClass(pvc as { metadata?: { annotations?: Record<string, string> }; spec?: unknown })}\n`);
  const deleted = pvc.metadata?.deletionTimestamp;
  w.write(LEVEL_0, deleted ? `Status:\tTerminating (lasts ${translateTimestampSince(ctx.now, deleted)})\n` : `Status:\t${str(at(pvc, 'status', 'phase'))}\n`);
  const volumeName = str(at(pvc, 'spec', 'volumeName'));
  w.write(LEVEL_0, `Volume:\t${volumeName}\n`);
  printLabelsMultiline(w, 'Labels', pvc.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', pvc.metadata?.annotations);
  // Go's %v of a []string: "[a b]".
  w.write(LEVEL_0, `Finalizers:\t[${arr(pvc.metadata?.finalizers).map(str).join(' ')}]\n`);
  const bound = volumeName !== '';
  const storage = at(pvc, 'status', 'capacity', 'storage');
  w.write(LEVEL_0, `Capacity:\t${bound ? (storage === undefined ? '0' : quantityString(storage)) : ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${bound ? accessModesAsString(at(pvc, 'status', 'accessModes')) : ''}\n`);
  const mode = at(pvc, 'spec', 'volumeMode');
  if (mode !== undefined && mode !== null) w.write(LEVEL_0, `VolumeMode:\t${str(mode)}\n`);
  const info = ctx.resolve('pods');
  const users = (info ? ctx.list(info, namespace) : [])
    .filter((pod) => arr(at(pod, 'spec', 'volumes')).some((v) => str(at(obj(v), 'persistentVolumeClaim', 'claimName')) === name))
    .map((pod) => str(pod.metadata?.name))
    .sort();
  // printPodsMultilineWithIndent: the first name after the title, the others on their own lines under it.
  w.write(LEVEL_0, 'Used By:\t');
  if (users.length === 0) w.writeLine('<none>');
  users.forEach((u, i) => w.write(LEVEL_0, `${i === 0 ? '' : '\t'}${u}\n`));
  eventsSection(w, pvc, ctx);
  return w.toString();
}

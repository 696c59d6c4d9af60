/**
 * `kubectl describe statefulset`: describe.go StatefulSetDescriber / describeStatefulSet (v1.32): replicas desired
 * and total, the update strategy and partition, the phases of the pods it controls, its pod template, its volume
 * claim templates (describeVolumeClaimTemplates) and events.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { persistentVolumeClaimClass } from '../printers/kinds/statefulset.ts';
import { quantityString } from '../printers/quantity.ts';
import { arr, at, obj, str } from '../printers/values.ts';
import { d, eventsSection, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, printLabelsMultilineWithIndent } from './common.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer.ts';
import { podPhases, selectorString } from './workloads.ts';

export function describeStatefulSet(set: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(set.spec) ?? {};
  const status = obj(set.status) ?? {};
  const namespace = String(set.metadata?.namespace ?? '');
  w.write(LEVEL_0, `Name:\t${String(set.metadata?.name ?? '')}\n`);
  w.write(LEVEL_0, `Namespace:\t${namespace}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(set.metadata?.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', set.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', set.metadata?.annotations);
  w.write(LEVEL_0, `Replicas:\t${d(spec.replicas)} desired | ${d(status.replicas)} total\n`);
  w.write(LEVEL_0, `Update Strategy:\t${str(at(spec, 'updateStrategy', 'type'))}\n`);
  const partition = at(spec, 'updateStrategy', 'rollingUpdate', 'partition');
  if (partition !== undefined && partition !== null) w.write(LEVEL_1, `Partition:\t${d(partition)}\n`);
  const p = podPhases(ctx, namespace, String(set.metadata?.uid ?? ''));
  w.write(LEVEL_0, `Pods Status:\t${p.running} Running / ${p.waiting} Waiting / ${p.succeeded} Succeeded / ${p.failed} Failed\n`);
  describePodTemplate(spec.template, w);
  describeVolumeClaimTemplates(spec.volumeClaimTemplates, w);
  eventsSection(w, set, ctx);
  return w.toString();
}

/** describe.go describeVolumeClaimTemplates: each template's name, class, labels, annotations, capacity, modes. */
function describeVolumeClaimTemplates(templates: unknown, w: PrefixWriter): void {
  const list = arr(templates).map((t) => obj(t) ?? {});
  if (list.length === 0) {
    w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'Volume Claims:\n');
  for (const pvc of list) {
    const meta = obj(pvc.metadata) ?? {};
    w.write(LEVEL_1, `Name:\t${str(meta.name)}\n`);
    w.write(LEVEL_1, `StorageClass:\t${persistentVolumeClaimClass(pvc as { metadata?: { annotations?: Record<string, string> }; spec?: unknown })}\n`);
    printLabelsMultilineWithIndent(w, '  ', 'Labels', '\t', meta.labels);
    printLabelsMultilineWithIndent(w, '  ', 'Annotations', '\t', meta.annotations);
    const storage = at(pvc, 'spec', 'resources', 'requests', 'storage');
    w.write(LEVEL_1, `Capacity:\t${storage === undefined ? '<default>' : quantityString(storage)}\n`);
    // Go's %s of a []PersistentVolumeAccessMode: "[ReadWriteOnce ReadOnlyMany]".
    w.write(LEVEL_1, `Access Modes:\t[${arr(at(pvc, 'spec', 'accessModes')).map(str).join(' ')}]\n`);
  }
}

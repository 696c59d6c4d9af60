/**
 * `kubectl describe daemonset`: describe.go DaemonSetDescriber / describeDaemonSet (the node counts from its
 * status, the phases of the pods it controls, its pod template and events).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { at, formatLabels, obj } from '../printers/values.ts';
import { d, eventsSection, printAnnotationsMultiline, printLabelsMultiline } from './common.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, PrefixWriter } from './prefix-writer.ts';
import { podPhases, selectorString } from './workloads.ts';

export function describeDaemonSet(ds: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(ds.spec) ?? {};
  const status = obj(ds.status) ?? {};
  const namespace = String(ds.metadata?.namespace ?? '');
  w.write(LEVEL_0, `Name:\t${String(ds.metadata?.name ?? '')}\n`);
  w.write(LEVEL_0, `Namespace:\t${namespace}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  w.write(LEVEL_0, `Node-Selector:\t${formatLabels(at(spec, 'template', 'spec', 'nodeSelector'))}\n`);
  printLabelsMultiline(w, 'Labels', ds.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', ds.metadata?.annotations);
  w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${d(status.desiredNumberScheduled)}\n`);
  w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${d(status.currentNumberScheduled)}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${d(status.updatedNumberScheduled)}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${d(status.numberAvailable)}\n`);
  w.write(LEVEL_0, `Number of Nodes Misscheduled: ${d(status.numberMisscheduled)}\n`);
  const p = podPhases(ctx, namespace, String(ds.metadata?.uid ?? ''));
  w.write(LEVEL_0, `Pods Status:\t${p.running} Running / ${p.waiting} Waiting / ${p.succeeded} Succeeded / ${p.failed} Failed\n`);
  describePodTemplate(spec.template, w);
  eventsSection(w, ds, ctx);
  return w.toString();
}

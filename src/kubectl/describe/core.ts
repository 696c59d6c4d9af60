/**
 * `kubectl describe` of Namespaces and ConfigMaps (describe.go describeNamespace, ConfigMapDescriber). The simulation
 * serves no ResourceQuotas or LimitRanges, so, as against a server without them (a 404 on the list), the namespace
 * shows neither section.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { arr, obj, sortStrings, str } from '../printers/values.ts';
import { eventsSection, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, v } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer.ts';

export function describeNamespace(ns: KubeObject): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${str(ns.metadata?.name)}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata?.annotations);
  const status = obj(ns.status) ?? {};
  w.write(LEVEL_0, `Status:\t${str(status.phase)}\n`);
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions.map((x) => obj(x) ?? {})) {
      w.write(LEVEL_1, `${v(c.type)}\t${v(c.status)}\t${formatRFC1123Z(c.lastTransitionTime)}\t${v(c.reason)}\t${v(c.message)}\n`);
    }
  }
  return w.toString();
}

/**
 * The Data section lists keys sorted: upstream ranges over a Go map, whose order is random from run to run, so no
 * order is kubectl's own; sorted is the one a reader can predict.
 */
export function describeConfigMap(cm: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${str(cm.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(cm.metadata?.namespace)}\n`);
  printLabelsMultiline(w, 'Labels', cm.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', cm.metadata?.annotations);
  w.write(LEVEL_0, '\nData\n====\n');
  const data = obj(cm.data) ?? {};
  for (const k of sortStrings(Object.keys(data))) {
    w.write(LEVEL_0, `${k}:\n----\n`);
    w.write(LEVEL_0, `${v(data[k])}\n`);
    w.write(LEVEL_0, '\n');
  }
  w.write(LEVEL_0, '\nBinaryData\n====\n');
  const binary = obj(cm.binaryData) ?? {};
  for (const k of sortStrings(Object.keys(binary))) {
    // The base64 text of the bytes: its decoded length.
    const b64 = str(binary[k]).replace(/=+$/, '');
    w.write(LEVEL_0, `${k}: ${Math.floor((b64.length * 3) / 4)} bytes\n`);
  }
  w.write(LEVEL_0, '\n');
  eventsSection(w, cm, ctx);
  return w.toString();
}

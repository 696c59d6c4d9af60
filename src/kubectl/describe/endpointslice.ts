/** `kubectl describe endpointslice`: describe.go describeEndpointSliceV1 (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { arr, obj, str } from '../printers/values.ts';
import { eventsSection, printAnnotationsMultiline, printLabelsMultiline } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer.ts';

const orUnset = (x: unknown): string => (typeof x === 'string' ? x : '<unset>');

export function describeEndpointSlice(eps: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${str(eps.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(eps.metadata?.namespace)}\n`);
  printLabelsMultiline(w, 'Labels', eps.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', eps.metadata?.annotations);
  w.write(LEVEL_0, `AddressType:\t${str(eps.addressType)}\n`);
  const ports = arr(eps.ports).map((p) => obj(p) ?? {});
  if (ports.length === 0) {
    w.write(LEVEL_0, 'Ports: <unset>\n');
  } else {
    w.write(LEVEL_0, 'Ports:\n');
    w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
    w.write(LEVEL_1, '----\t----\t--------\n');
    for (const p of ports) {
      const name = typeof p.name === 'string' && p.name.length > 0 ? p.name : '<unset>';
      const port = typeof p.port === 'number' ? String(Math.trunc(p.port)) : '<unset>';
      w.write(LEVEL_1, `${name}\t${port}\t${str(p.protocol)}\n`);
    }
  }
  const endpoints = arr(eps.endpoints).map((e) => obj(e) ?? {});
  if (endpoints.length === 0) {
    w.write(LEVEL_0, 'Endpoints: <none>\n');
  } else {
    w.write(LEVEL_0, 'Endpoints:\n');
    for (const e of endpoints) {
      w.write(LEVEL_1, `- Addresses:\t${arr(e.addresses).map(str).join(', ') || '<none>'}\n`);
      w.write(LEVEL_2, 'Conditions:\n');
      const ready = obj(e.conditions)?.ready;
      w.write(LEVEL_3, `Ready:\t${typeof ready === 'boolean' ? String(ready) : '<unset>'}\n`);
      w.write(LEVEL_2, `Hostname:\t${orUnset(e.hostname)}\n`);
      const ref = obj(e.targetRef);
      if (ref) w.write(LEVEL_2, `TargetRef:\t${str(ref.kind)}/${str(ref.name)}\n`);
      w.write(LEVEL_2, `NodeName:\t${orUnset(e.nodeName)}\n`);
      w.write(LEVEL_2, `Zone:\t${orUnset(e.zone)}\n`);
    }
  }
  eventsSection(w, eps, ctx);
  return w.toString();
}

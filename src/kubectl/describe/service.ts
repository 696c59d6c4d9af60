/** `kubectl describe service`: describe.go describeService and formatEndpointSlices (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { arr, at, formatLabels, obj, str } from '../printers/values.ts';
import { d, eventsSection, printAnnotationsMultiline, printLabelsMultiline, v } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, PrefixWriter } from './prefix-writer.ts';

/** net.JoinHostPort. */
const joinHostPort = (host: string, port: string): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** describe.go formatEndpointSlices: ready endpoints of the port named `portName` ("host:port", at most 3). */
export function formatEndpointSlices(slices: KubeObject[], portName: string | undefined): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  const isReady = (e: unknown): boolean => {
    const ready = at(e, 'conditions', 'ready');
    return ready === undefined || ready === null || ready === true;
  };
  for (const slice of slices) {
    const ports = arr(slice.ports).map((p) => obj(p) ?? {});
    const endpoints = arr(slice.endpoints);
    if (ports.length === 0) {
      for (const e of endpoints) {
        if (list.length === max) more = true;
        if (!isReady(e)) continue;
        if (!more) list.push(str(arr(obj(e)?.addresses)[0]));
        count++;
      }
    } else {
      for (const port of ports) {
        if (portName !== undefined && str(port.name) !== portName) continue;
        for (const e of endpoints) {
          if (list.length === max) more = true;
          const addr = str(arr(obj(e)?.addresses)[0]);
          if (!isReady(e)) continue;
          if (!more) list.push(joinHostPort(addr, d(port.port)));
          count++;
        }
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

function buildIngressString(ingress: unknown): string {
  return arr(ingress)
    .map((i) => {
      const o = obj(i) ?? {};
      if (str(o.ip) !== '') return typeof o.ipMode === 'string' ? `${str(o.ip)} (${o.ipMode})` : str(o.ip);
      return str(o.hostname);
    })
    .join(', ');
}

export function describeService(svc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(svc.spec) ?? {};
  const name = str(svc.metadata?.name);
  const namespace = str(svc.metadata?.namespace);
  const slicesInfo = ctx.resolve('endpointslices.discovery.k8s.io');
  const slices = slicesInfo ? ctx.list(slicesInfo, namespace).filter((s) => at(s, 'metadata', 'labels', 'kubernetes.io/service-name') === name) : [];
  w.write(LEVEL_0, `Name:\t${name}\n`);
  w.write(LEVEL_0, `Namespace:\t${namespace}\n`);
  printLabelsMultiline(w, 'Labels', svc.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', svc.metadata?.annotations);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(LEVEL_0, `Type:\t${str(spec.type)}\n`);
  if (typeof spec.ipFamilyPolicy === 'string') w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  const families = arr(spec.ipFamilies).map(str);
  w.write(LEVEL_0, `IP Families:\t${families.length > 0 ? families.join(',') : '<none>'}\n`);
  w.write(LEVEL_0, `IP:\t${str(spec.clusterIP)}\n`);
  const clusterIPs = arr(spec.clusterIPs).map(str);
  w.write(LEVEL_0, `IPs:\t${clusterIPs.length > 0 ? clusterIPs.join(',') : '<none>'}\n`);
  const externalIPs = arr(spec.externalIPs).map(str);
  if (externalIPs.length > 0) w.write(LEVEL_0, `External IPs:\t${externalIPs.join(',')}\n`);
  if (str(spec.loadBalancerIP) !== '') w.write(LEVEL_0, `Desired LoadBalancer IP:\t${str(spec.loadBalancerIP)}\n`);
  if (str(spec.externalName) !== '') w.write(LEVEL_0, `External Name:\t${str(spec.externalName)}\n`);
  const ingress = arr(at(svc, 'status', 'loadBalancer', 'ingress'));
  if (ingress.length > 0) w.write(LEVEL_0, `LoadBalancer Ingress:\t${buildIngressString(ingress)}\n`);
  for (const p of arr(spec.ports).map((x) => obj(x) ?? {})) {
    const portName = str(p.name) || '<unset>';
    const protocol = str(p.protocol);
    w.write(LEVEL_0, `Port:\t${portName}\t${d(p.port)}/${protocol}\n`);
    w.write(LEVEL_0, typeof p.targetPort === 'string' ? `TargetPort:\t${p.targetPort}/${protocol}\n` : `TargetPort:\t${d(p.targetPort)}/${protocol}\n`);
    if (typeof p.nodePort === 'number' && p.nodePort !== 0) w.write(LEVEL_0, `NodePort:\t${portName}\t${d(p.nodePort)}/${protocol}\n`);
    w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(slices, str(p.name))}\n`);
  }
  w.write(LEVEL_0, `Session Affinity:\t${str(spec.sessionAffinity)}\n`);
  if (str(spec.externalTrafficPolicy) !== '') w.write(LEVEL_0, `External Traffic Policy:\t${str(spec.externalTrafficPolicy)}\n`);
  if (typeof spec.internalTrafficPolicy === 'string') w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (typeof spec.healthCheckNodePort === 'number' && spec.healthCheckNodePort !== 0) w.write(LEVEL_0, `HealthCheck NodePort:\t${d(spec.healthCheckNodePort)}\n`);
  const ranges = arr(spec.loadBalancerSourceRanges).map(v);
  if (ranges.length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${ranges.join(',')}\n`);
  eventsSection(w, svc, ctx);
  return w.toString();
}

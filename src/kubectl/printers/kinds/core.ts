/**
 * Tables of the core/v1 kinds other than Pod, as kubernetes `pkg/printers/internalversion/printers.go` (v1.32)
 * prints them: printService, printNode, printNamespace, printConfigMap, printEvent.
 */
import { translateMicroTimestampSince, translateTimestampSince } from '../age.ts';
import { arr, at, formatLabels, num, obj, sortStrings, str, stringMap } from '../values.ts';
import { AGE, NAME, type Cell, type KindTable } from './kind-table.ts';

/** printers.go loadBalancerStatusStringer: ingress IPs or hostnames, comma-joined; cut to 16 chars unless wide. */
function loadBalancerStatusStringer(status: unknown, wide: boolean): string {
  const result: string[] = [];
  for (const ing of arr(at(status, 'ingress'))) {
    const o = obj(ing);
    if (!o) continue;
    if (str(o.ip) !== '') result.push(str(o.ip));
    else if (str(o.hostname) !== '') result.push(str(o.hostname));
  }
  let r = result.join(',');
  if (!wide && r.length > 16) r = `${r.slice(0, 13)}...`;
  return r;
}

/** printers.go getServiceExternalIP. */
function serviceExternalIP(svc: unknown, wide: boolean): string {
  const externalIPs = arr(at(svc, 'spec', 'externalIPs')).map(str);
  switch (at(svc, 'spec', 'type')) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerStatusStringer(at(svc, 'status', 'loadBalancer'), wide);
      if (externalIPs.length > 0) {
        const results = lbIps.length > 0 ? lbIps.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lbIps.length > 0 ? lbIps : '<pending>';
    }
    case 'ExternalName':
      return str(at(svc, 'spec', 'externalName'));
  }
  return '<unknown>';
}

/** printers.go makePortString: "80/TCP", "80:30080/TCP". */
export function makePortString(ports: unknown): string {
  return arr(ports)
    .map((p) => {
      const port = obj(p) ?? {};
      const nodePort = Math.trunc(num(port.nodePort));
      return nodePort > 0 ? `${Math.trunc(num(port.port))}:${nodePort}/${str(port.protocol)}` : `${Math.trunc(num(port.port))}/${str(port.protocol)}`;
    })
    .join(',');
}

export const serviceTable: KindTable = {
  columns: [NAME, { name: 'Type' }, { name: 'Cluster-IP' }, { name: 'External-IP' }, { name: 'Port(s)' }, AGE, { name: 'Selector', priority: 1 }],
  row(svc, now): Cell[] {
    const clusterIPs = arr(at(svc, 'spec', 'clusterIPs'));
    let internalIP = clusterIPs.length > 0 ? str(clusterIPs[0]) : str(at(svc, 'spec', 'clusterIP'));
    if (internalIP === '') internalIP = '<none>';
    const ports = makePortString(at(svc, 'spec', 'ports')) || '<none>';
    return [
      str(svc.metadata?.name),
      str(at(svc, 'spec', 'type')),
      internalIP,
      serviceExternalIP(svc, true),
      ports,
      translateTimestampSince(now, svc.metadata?.creationTimestamp),
      formatLabels(at(svc, 'spec', 'selector')),
    ];
  },
};

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/** printers.go findNodeRoles: from node-role.kubernetes.io/<role> labels and kubernetes.io/role, sorted. */
export function findNodeRoles(labels: unknown): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(stringMap(labels))) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return sortStrings([...roles]);
}

/** The STATUS of a node: Ready/NotReady/Unknown, plus SchedulingDisabled when cordoned. */
export function nodeStatus(node: unknown): string {
  const status: string[] = [];
  let ready: Record<string, unknown> | undefined;
  for (const c of arr(at(node, 'status', 'conditions'))) if (obj(c)?.type === 'Ready') ready = obj(c); // the last one wins, as a map
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (at(node, 'spec', 'unschedulable') === true) status.push('SchedulingDisabled');
  return status.join(',');
}

function nodeAddress(node: unknown, type: string): string {
  for (const a of arr(at(node, 'status', 'addresses'))) if (obj(a)?.type === type) return str(obj(a)?.address);
  return '<none>';
}

export const nodeTable: KindTable = {
  columns: [
    NAME,
    { name: 'Status' },
    { name: 'Roles' },
    AGE,
    { name: 'Version' },
    { name: 'Internal-IP', priority: 1 },
    { name: 'External-IP', priority: 1 },
    { name: 'OS-Image', priority: 1 },
    { name: 'Kernel-Version', priority: 1 },
    { name: 'Container-Runtime', priority: 1 },
  ],
  row(node, now): Cell[] {
    const info = at(node, 'status', 'nodeInfo');
    const roles = findNodeRoles(node.metadata?.labels).join(',') || '<none>';
    return [
      str(node.metadata?.name),
      nodeStatus(node),
      roles,
      translateTimestampSince(now, node.metadata?.creationTimestamp),
      str(at(info, 'kubeletVersion')),
      nodeAddress(node, 'InternalIP'),
      nodeAddress(node, 'ExternalIP'),
      str(at(info, 'osImage')) || '<unknown>',
      str(at(info, 'kernelVersion')) || '<unknown>',
      str(at(info, 'containerRuntimeVersion')) || '<unknown>',
    ];
  },
};

export const namespaceTable: KindTable = {
  columns: [NAME, { name: 'Status' }, AGE],
  row(ns, now): Cell[] {
    return [str(ns.metadata?.name), str(at(ns, 'status', 'phase')), translateTimestampSince(now, ns.metadata?.creationTimestamp)];
  },
};

export const configMapTable: KindTable = {
  columns: [NAME, { name: 'Data', type: 'integer' }, AGE],
  row(cm, now): Cell[] {
    const n = Object.keys(obj(cm.data) ?? {}).length + Object.keys(obj(cm.binaryData) ?? {}).length;
    return [str(cm.metadata?.name), n, translateTimestampSince(now, cm.metadata?.creationTimestamp)];
  },
};

function firstNonEmpty(...values: string[]): string {
  for (const v of values) if (v !== '') return v;
  return '';
}

/** printers.go formatEventSource: "component, host". */
export function formatEventSource(event: unknown): string {
  const component = firstNonEmpty(str(at(event, 'source', 'component')), str(at(event, 'reportingComponent')));
  const instance = firstNonEmpty(str(at(event, 'source', 'host')), str(at(event, 'reportingInstance')));
  if (component.length === 0) return '';
  return instance.length === 0 ? component : `${component}, ${instance}`;
}

const isZeroTime = (v: unknown): boolean => v === undefined || v === null || v === '';

export const eventTable: KindTable = {
  columns: [
    { name: 'Last Seen' },
    { name: 'Type' },
    { name: 'Reason' },
    { name: 'Object' },
    { name: 'Subobject', priority: 1 },
    { name: 'Source', priority: 1 },
    { name: 'Message' },
    { name: 'First Seen', priority: 1 },
    { name: 'Count', priority: 1 },
    { name: 'Name', priority: 1, format: 'name' },
  ],
  row(ev, now): Cell[] {
    const firstTimestamp = isZeroTime(ev.firstTimestamp) ? translateMicroTimestampSince(now, ev.eventTime) : translateTimestampSince(now, ev.firstTimestamp);
    let lastTimestamp = isZeroTime(ev.lastTimestamp) ? firstTimestamp : translateTimestampSince(now, ev.lastTimestamp);
    let count = Math.trunc(num(ev.count));
    const series = obj(ev.series);
    if (series) {
      lastTimestamp = translateMicroTimestampSince(now, series.lastObservedTime);
      count = Math.trunc(num(series.count));
    } else if (count === 0) {
      count = 1; // Singleton events don't have a count set in the new API.
    }
    const involved = obj(ev.involvedObject) ?? {};
    const kind = str(involved.kind).toLowerCase();
    const target = str(involved.name).length > 0 ? `${kind}/${str(involved.name)}` : kind;
    return [
      lastTimestamp,
      str(ev.type),
      str(ev.reason),
      target,
      str(involved.fieldPath),
      formatEventSource(ev),
      str(ev.message).trim(),
      firstTimestamp,
      count,
      str(ev.metadata?.name),
    ];
  },
};

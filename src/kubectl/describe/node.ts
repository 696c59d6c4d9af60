/** `kubectl describe node`: describe.go describeNode, describeNodeLease and describeNodeResource (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { translateTimestampSince } from '../printers/age.ts';
import { findNodeRoles } from '../printers/kinds/core.ts';
import { arr, at, obj, sortStrings, str } from '../printers/values.ts';
import { eventsSection, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline, v } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer.ts';
import { addQuantity, formatQuantity, milliValue, parseQuantity, value, ZERO, type Quantity } from '../printers/quantity.ts';

type ResourceList = Map<string, Quantity>;

function resourceList(v: unknown): ResourceList {
  const out: ResourceList = new Map();
  for (const [k, raw] of Object.entries(obj(v) ?? {})) {
    const q = parseQuantity(raw);
    if (q) out.set(k, q);
  }
  return out;
}

function addInto(into: ResourceList, list: ResourceList): void {
  for (const [k, q] of list) {
    const prev = into.get(k);
    into.set(k, prev ? addQuantity(prev, q) : q);
  }
}

function maxInto(into: ResourceList, list: ResourceList): void {
  for (const [k, q] of list) {
    const prev = into.get(k);
    if (!prev || q.nanos > prev.nanos) into.set(k, q);
  }
}

/** kubectl pkg/util/resource PodRequestsAndLimits: containers summed, init containers as their max, sidecars added, overhead. */
export function podRequestsAndLimits(pod: KubeObject): { reqs: ResourceList; limits: ResourceList } {
  const result = { reqs: new Map() as ResourceList, limits: new Map() as ResourceList };
  for (const key of ['requests', 'limits'] as const) {
    const total = key === 'requests' ? result.reqs : result.limits;
    for (const c of arr(at(pod, 'spec', 'containers'))) addInto(total, resourceList(at(c, 'resources', key)));
    const restartable: ResourceList = new Map();
    const initMax: ResourceList = new Map();
    for (const c of arr(at(pod, 'spec', 'initContainers'))) {
      const own = resourceList(at(c, 'resources', key));
      let effective: ResourceList;
      if (obj(c)?.restartPolicy === 'Always') {
        addInto(total, own);
        addInto(restartable, own);
        effective = restartable;
      } else {
        effective = new Map();
        addInto(effective, own);
        addInto(effective, restartable);
      }
      maxInto(initMax, effective);
    }
    maxInto(total, initMax);
    const overhead = resourceList(at(pod, 'spec', 'overhead'));
    if (key === 'requests') addInto(total, overhead);
    else for (const [k, q] of overhead) if (total.has(k)) total.set(k, addQuantity(total.get(k)!, q));
  }
  return result;
}

/** Go's int64(float64(a) / float64(b) * 100): truncated; a zero denominator gives Go's conversion of ±Inf/NaN. */
function percent(a: bigint, b: bigint): string {
  const f = (Number(a) / Number(b)) * 100;
  if (!Number.isFinite(f)) return '-9223372036854775808';
  return String(Math.trunc(f));
}

const STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage']);

function describeNodeResource(pods: KubeObject[], node: KubeObject, w: PrefixWriter, now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  let allocatable = resourceList(at(node, 'status', 'capacity'));
  const alloc = resourceList(at(node, 'status', 'allocatable'));
  if (alloc.size > 0) allocatable = alloc;
  const allocCpu = milliValue(allocatable.get('cpu') ?? ZERO);
  const allocMem = value(allocatable.get('memory') ?? ZERO);
  const allocEph = value(allocatable.get('ephemeral-storage') ?? ZERO);
  const reqs: ResourceList = new Map();
  const limits: ResourceList = new Map();
  for (const pod of pods) {
    const r = podRequestsAndLimits(pod);
    addInto(reqs, r.reqs);
    addInto(limits, r.limits);
    const cpuReq = r.reqs.get('cpu') ?? ZERO;
    const cpuLim = r.limits.get('cpu') ?? ZERO;
    const memReq = r.reqs.get('memory') ?? ZERO;
    const memLim = r.limits.get('memory') ?? ZERO;
    w.write(
      LEVEL_1,
      `${str(pod.metadata?.namespace)}\t${str(pod.metadata?.name)}\t\t${formatQuantity(cpuReq)} (${percent(milliValue(cpuReq), allocCpu)}%)\t${formatQuantity(cpuLim)} (${percent(milliValue(cpuLim), allocCpu)}%)\t${formatQuantity(memReq)} (${percent(value(memReq), allocMem)}%)\t${formatQuantity(memLim)} (${percent(value(memLim), allocMem)}%)\t${translateTimestampSince(now, pod.metadata?.creationTimestamp)}\n`,
    );
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const frac = (q: Quantity, of: bigint, milli: boolean): string => (of === 0n ? '0' : percent(milli ? milliValue(q) : value(q), of));
  for (const [name, of, milli] of [['cpu', allocCpu, true], ['memory', allocMem, false], ['ephemeral-storage', allocEph, false]] as const) {
    const rq = reqs.get(name) ?? ZERO;
    const lq = limits.get(name) ?? ZERO;
    w.write(LEVEL_1, `${name}\t${formatQuantity(rq)} (${frac(rq, of, milli)}%)\t${formatQuantity(lq)} (${frac(lq, of, milli)}%)\n`);
  }
  const names = sortStrings([...allocatable.keys()]);
  for (const name of names.filter((n) => n.startsWith('hugepages-'))) {
    const rq = reqs.get(name) ?? ZERO;
    const lq = limits.get(name) ?? ZERO;
    const of = value(allocatable.get(name)!);
    w.write(LEVEL_1, `${name}\t${formatQuantity(rq)} (${frac(rq, of, false)}%)\t${formatQuantity(lq)} (${frac(lq, of, false)}%)\n`);
  }
  // IsStandardContainerResourceName: cpu, memory, ephemeral-storage (and hugepages-*, printed above).
  for (const name of names.filter((n) => !n.startsWith('hugepages-') && !STANDARD.has(n) && n !== 'pods')) {
    w.write(LEVEL_1, `${name}\t${formatQuantity(reqs.get(name) ?? ZERO)}\t${formatQuantity(limits.get(name) ?? ZERO)}\n`);
  }
}

export function describeNode(node: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const name = str(node.metadata?.name);
  const spec = obj(node.spec) ?? {};
  const status = obj(node.status) ?? {};
  w.write(LEVEL_0, `Name:\t${name}\n`);
  const roles = findNodeRoles(node.metadata?.labels);
  w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', node.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', node.metadata?.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata?.creationTimestamp)}\n`);
  printTaintsMultiline(w, 'Taints', spec.taints);
  w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable === true}\n`);
  const leaseInfo = ctx.resolve('leases.coordination.k8s.io');
  const lease = leaseInfo ? ctx.list(leaseInfo, 'kube-node-lease').find((l) => l.metadata?.name === name) : undefined;
  if (lease) {
    w.write(LEVEL_0, 'Lease:\n');
    const holder = at(lease, 'spec', 'holderIdentity');
    w.write(LEVEL_1, `HolderIdentity:\t${typeof holder === 'string' ? holder : '<unset>'}\n`);
    const acquire = at(lease, 'spec', 'acquireTime');
    w.write(LEVEL_1, `AcquireTime:\t${acquire !== undefined && acquire !== null ? formatRFC1123Z(acquire) : '<unset>'}\n`);
    const renew = at(lease, 'spec', 'renewTime');
    w.write(LEVEL_1, `RenewTime:\t${renew !== undefined && renew !== null ? formatRFC1123Z(renew) : '<unset>'}\n`);
  } else {
    w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io "${name}" not found\n`);
  }
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions.map((x) => obj(x) ?? {})) {
      w.write(LEVEL_1, `${v(c.type)} \t${v(c.status)} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${v(c.reason)} \t${v(c.message)}\n`);
    }
  }
  w.write(LEVEL_0, 'Addresses:\n');
  for (const a of arr(status.addresses)) w.write(LEVEL_1, `${str(obj(a)?.type)}:\t${str(obj(a)?.address)}\n`);
  for (const [title, key] of [['Capacity', 'capacity'], ['Allocatable', 'allocatable']] as const) {
    const list = obj(status[key]) ?? {};
    const names = sortStrings(Object.keys(list));
    if (names.length === 0) continue;
    w.write(LEVEL_0, `${title}:\n`);
    for (const n of names) {
      const q = parseQuantity(list[n]);
      w.write(LEVEL_0, `  ${n}:\t${q ? formatQuantity(q) : str(list[n])}\n`);
    }
  }
  const info = obj(status.nodeInfo) ?? {};
  w.write(LEVEL_0, 'System Info:\n');
  for (const [label, key] of [
    ['Machine ID', 'machineID'], ['System UUID', 'systemUUID'], ['Boot ID', 'bootID'], ['Kernel Version', 'kernelVersion'], ['OS Image', 'osImage'],
    ['Operating System', 'operatingSystem'], ['Architecture', 'architecture'], ['Container Runtime Version', 'containerRuntimeVersion'],
    ['Kubelet Version', 'kubeletVersion'], ['Kube-Proxy Version', 'kubeProxyVersion'],
  ] as const) {
    w.write(LEVEL_0, `  ${label}:\t${str(info[key])}\n`);
  }
  if (str(spec.podCIDR).length > 0) w.write(LEVEL_0, `PodCIDR:\t${str(spec.podCIDR)}\n`);
  const cidrs = arr(spec.podCIDRs).map(str);
  if (cidrs.length > 0) w.write(LEVEL_0, `PodCIDRs:\t${cidrs.join(',')}\n`);
  if (str(spec.providerID).length > 0) w.write(LEVEL_0, `ProviderID:\t${str(spec.providerID)}\n`);
  const podsInfo = ctx.resolve('pods');
  const pods = podsInfo
    ? ctx.list(podsInfo).filter((p) => at(p, 'spec', 'nodeName') === name && at(p, 'status', 'phase') !== 'Succeeded' && at(p, 'status', 'phase') !== 'Failed')
    : [];
  describeNodeResource(pods, node, w, ctx.now);
  // Node events: the controllers' carry the node's UID, the kubelet's its name (describe.go merges both searches).
  eventsSection(w, node, ctx, [str(node.metadata?.uid), name]);
  return w.toString();
}

/** `kubectl describe pod`: describe.go describePod (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { translateTimestampSince } from '../printers/age.ts';
import { arr, at, obj, str } from '../printers/values.ts';
import { d, eventsSection, formatRFC1123Z, printAnnotationsMultiline, printController, printLabelsMultiline, printTolerationsMultilineWithIndent, v } from './common.ts';
import { describeContainers, describeResources, describeTopologySpreadConstraints, describeVolumes, podFieldResolver } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer.ts';
import { addQuantity, cmpQuantity, parseQuantity, type Quantity } from '../printers/quantity.ts';

/** pkg/apis/core/helper/qos ComputePodQOS (the stored status.qosClass wins, as GetPodQOS). */
export function podQOS(pod: KubeObject): string {
  const stored = str(at(pod, 'status', 'qosClass'));
  if (stored !== '') return stored;
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let isGuaranteed = true;
  const containers = [...arr(at(pod, 'spec', 'containers')), ...arr(at(pod, 'spec', 'initContainers'))];
  for (const c of containers) {
    for (const [list, into] of [[obj(at(c, 'resources', 'requests')), requests], [obj(at(c, 'resources', 'limits')), limits]] as const) {
      const found = new Set<string>();
      for (const [name, raw] of Object.entries(list ?? {})) {
        if (name !== 'cpu' && name !== 'memory') continue;
        const q = parseQuantity(raw);
        if (!q || q.nanos <= 0n) continue;
        found.add(name);
        const prev = into.get(name);
        into.set(name, prev ? addQuantity(q, prev) : q);
      }
      if (into === limits && !(found.has('memory') && found.has('cpu'))) isGuaranteed = false;
    }
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (isGuaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      if (!lim || cmpQuantity(lim, req) !== 0) {
        isGuaranteed = false;
        break;
      }
    }
  }
  return isGuaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

export function describePod(pod: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(pod.spec) ?? {};
  const status = obj(pod.status) ?? {};
  w.write(LEVEL_0, `Name:\t${str(pod.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(pod.metadata?.namespace)}\n`);
  if (typeof spec.priority === 'number') w.write(LEVEL_0, `Priority:\t${d(spec.priority)}\n`);
  if (str(spec.priorityClassName).length > 0) w.write(LEVEL_0, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  if (str(spec.runtimeClassName).length > 0) w.write(LEVEL_0, `Runtime Class Name:\t${str(spec.runtimeClassName)}\n`);
  if (str(spec.serviceAccountName).length > 0) w.write(LEVEL_0, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  if (str(spec.nodeName) === '') w.write(LEVEL_0, 'Node:\t<none>\n');
  else w.write(LEVEL_0, `Node:\t${str(spec.nodeName)}/${str(status.hostIP)}\n`);
  if (status.startTime !== undefined && status.startTime !== null) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', pod.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', pod.metadata?.annotations);
  const deletion = pod.metadata?.deletionTimestamp;
  if (deletion !== undefined && deletion !== null && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(ctx.now, deletion)})\n`);
    w.write(LEVEL_0, `Termination Grace Period:\t${d(pod.metadata?.deletionGracePeriodSeconds)}s\n`);
  } else {
    w.write(LEVEL_0, `Status:\t${str(status.phase)}\n`);
  }
  if (str(status.reason).length > 0) w.write(LEVEL_0, `Reason:\t${str(status.reason)}\n`);
  if (str(status.message).length > 0) w.write(LEVEL_0, `Message:\t${str(status.message)}\n`);
  const seccomp = obj(at(spec, 'securityContext', 'seccompProfile'));
  if (seccomp) {
    w.write(LEVEL_0, `SeccompProfile:\t${str(seccomp.type)}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${str(seccomp.localhostProfile)}\n`);
  }
  w.write(LEVEL_0, `IP:\t${str(status.podIP)}\n`);
  const ips = arr(status.podIPs);
  if (ips.length === 0) {
    w.write(LEVEL_0, 'IPs:\t<none>\n');
  } else {
    w.write(LEVEL_0, 'IPs:\n');
    for (const ip of ips) w.write(LEVEL_1, `IP:\t${str(obj(ip)?.ip)}\n`);
  }
  const controlledBy = printController(pod);
  if (controlledBy.length > 0) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (str(status.nominatedNodeName).length > 0) w.write(LEVEL_0, `NominatedNodeName:\t${str(status.nominatedNodeName)}\n`);
  if (obj(spec.resources)) {
    w.write(LEVEL_0, 'Resources:\n');
    describeResources(spec.resources, w, LEVEL_1);
  }
  const resolve = podFieldResolver(pod as unknown as Record<string, unknown>);
  if (arr(spec.initContainers).length > 0) describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses, w, '', resolve);
  describeContainers('Containers', spec.containers, status.containerStatuses, w, '', resolve);
  if (arr(spec.ephemeralContainers).length > 0) describeContainers('Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses, w, '', resolve);
  const gates = arr(spec.readinessGates);
  if (gates.length > 0) {
    w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of gates) {
      const type = str(obj(g)?.conditionType);
      let st = '<none>';
      for (const c of arr(status.conditions)) {
        if (obj(c)?.type === type) {
          st = v(obj(c)?.status);
          break;
        }
      }
      w.write(LEVEL_1, `${type} \t${st} \n`);
    }
  }
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
    for (const c of conditions) w.write(LEVEL_1, `${v(obj(c)?.type)} \t${v(obj(c)?.status)} \n`);
  }
  describeVolumes(spec.volumes, w, '');
  w.write(LEVEL_0, `QoS Class:\t${podQOS(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printTolerationsMultilineWithIndent(w, '', 'Tolerations', '\t', spec.tolerations);
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
  eventsSection(w, pod, ctx);
  return w.toString();
}

/**
 * Containers, volumes and pod templates, as describe.go writes them: describeContainers (image, ports, command,
 * state, resources, probes, environment, mounts), describeVolumes (the volume types a learner meets: emptyDir,
 * hostPath, configMap, secret, projected, persistentVolumeClaim, downwardAPI; any other type prints upstream's
 * "<unknown>"), and DescribePodTemplate.
 */
import { arr, at, obj, sortStrings, str } from '../printers/values.ts';
import { d, formatRFC1123Z, printBool, printLabelsMultiline, printAnnotationsMultiline, printTolerationsMultilineWithIndent, printLabelsMultilineWithIndent, v, type Writer } from './common.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3 } from './prefix-writer.ts';
import { milliValue, parseQuantity, quantityString, value, ZERO } from '../printers/quantity.ts';
import { formatLabelSelector } from '../printers/values.ts';

type Obj = Record<string, unknown>;

/** describe.go describeStatus. */
function describeStatus(stateName: string, state: unknown, w: Writer): void {
  const running = obj(at(state, 'running'));
  const waiting = obj(at(state, 'waiting'));
  const terminated = obj(at(state, 'terminated'));
  if (running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(running.startedAt)}\n`);
  } else if (waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (str(waiting.reason) !== '') w.write(LEVEL_3, `Reason:\t${str(waiting.reason)}\n`);
  } else if (terminated) {
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (str(terminated.reason) !== '') w.write(LEVEL_3, `Reason:\t${str(terminated.reason)}\n`);
    if (str(terminated.message) !== '') w.write(LEVEL_3, `Message:\t${str(terminated.message)}\n`);
    w.write(LEVEL_3, `Exit Code:\t${d(terminated.exitCode)}\n`);
    if (typeof terminated.signal === 'number' && terminated.signal > 0) w.write(LEVEL_3, `Signal:\t${d(terminated.signal)}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(terminated.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(terminated.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

/** intstr's String(): a number or a name. */
const intOrString = (x: unknown): string => (typeof x === 'number' ? String(Math.trunc(x)) : str(x));

/** describe.go DescribeProbe. */
export function describeProbe(probe: Obj): string {
  const attrs = `delay=${d(probe.initialDelaySeconds)}s timeout=${d(probe.timeoutSeconds)}s period=${d(probe.periodSeconds)}s #success=${d(probe.successThreshold)} #failure=${d(probe.failureThreshold)}`;
  const exec = obj(probe.exec);
  const httpGet = obj(probe.httpGet);
  const tcp = obj(probe.tcpSocket);
  const grpc = obj(probe.grpc);
  if (exec) return `exec [${arr(exec.command).map(v).join(' ')}] ${attrs}`;
  if (httpGet) {
    const port = intOrString(httpGet.port);
    const host = str(httpGet.host);
    const hostPort = port.length > 0 ? (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`) : host;
    return `http-get ${str(httpGet.scheme).toLowerCase()}://${hostPort}${str(httpGet.path)} ${attrs}`;
  }
  if (tcp) return `tcp-socket ${str(tcp.host)}:${intOrString(tcp.port)} ${attrs}`;
  if (grpc) return `grpc <pod>:${d(grpc.port)} ${str(grpc.service)} ${attrs}`;
  return `unknown ${attrs}`;
}

/** describe.go describeResources: Limits then Requests, resource names sorted. */
export function describeResources(resources: unknown, w: Writer, level: number): void {
  for (const [title, list] of [['Limits', obj(at(resources, 'limits'))], ['Requests', obj(at(resources, 'requests'))]] as const) {
    if (!list) continue;
    const names = sortStrings(Object.keys(list));
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const name of names) w.write(level + 1, `${name}:\t${quantityString(list[name])}\n`);
  }
}

/** Resolves a downward-API field reference against the pod (describe.go EnvValueRetriever); '' for a template. */
export type EnvResolver = (fieldPath: string) => string;

/** kubectl's fieldpath.ExtractFieldPathAsString for the paths a pod's env may use (describe asks for two of them). */
export function podFieldResolver(pod: Obj): EnvResolver {
  return (fieldPath) => {
    const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(fieldPath);
    if (m) return str(at(pod, 'metadata', m[1]!, m[2]!));
    switch (fieldPath) {
      case 'metadata.name': return str(at(pod, 'metadata', 'name'));
      case 'metadata.namespace': return str(at(pod, 'metadata', 'namespace'));
      case 'metadata.uid': return str(at(pod, 'metadata', 'uid'));
      case 'spec.nodeName': return str(at(pod, 'spec', 'nodeName'));
      case 'spec.serviceAccountName': return str(at(pod, 'spec', 'serviceAccountName'));
      case 'status.hostIP': return str(at(pod, 'status', 'hostIP'));
      case 'status.podIP': return str(at(pod, 'status', 'podIP'));
      case 'status.podIPs': return arr(at(pod, 'status', 'podIPs')).map((x) => str(obj(x)?.ip)).join(',');
      case 'status.hostIPs': return arr(at(pod, 'status', 'hostIPs')).map((x) => str(obj(x)?.ip)).join(',');
    }
    return '';
  };
}

/** kubectl resourcehelper.ExtractContainerResourceValue: the value in divisor units, rounded up. */
function containerResourceValue(ref: Obj, container: Obj): string {
  const resource = str(ref.resource);
  const [kind, name] = resource.split('.') as [string, string | undefined];
  if ((kind !== 'limits' && kind !== 'requests') || !name) return '';
  const q = parseQuantity(at(container, 'resources', kind, name) ?? '0') ?? ZERO;
  const divisor = parseQuantity(ref.divisor ?? '1');
  if (!divisor || divisor.nanos === 0n) return '';
  if (name === 'cpu') {
    const m = milliValue(q);
    const dm = milliValue(divisor);
    return dm === 0n ? '' : String((m + dm - 1n) / dm);
  }
  const val = value(q);
  const dv = value(divisor);
  return dv === 0n ? '' : String((val + dv - 1n) / dv);
}

function describeContainerEnvVars(container: Obj, w: Writer, resolve?: EnvResolver): void {
  const env = arr(container.env).map((e) => obj(e) ?? {});
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const valueFrom = obj(e.valueFrom);
    if (!valueFrom) {
      str(e.value)
        .split('\n')
        .forEach((s, i) => w.write(LEVEL_3, i === 0 ? `${str(e.name)}:\t${s}\n` : `\t${s}\n`));
      continue;
    }
    const fieldRef = obj(valueFrom.fieldRef);
    const resourceFieldRef = obj(valueFrom.resourceFieldRef);
    const secretKeyRef = obj(valueFrom.secretKeyRef);
    const configMapKeyRef = obj(valueFrom.configMapKeyRef);
    if (fieldRef) {
      // EnvValueRetriever converts the field label with kubectl's scheme, which registers no Pod field labels: the
      // default conversion knows metadata.name and metadata.namespace only, so any other path resolves to nothing.
      const path = str(fieldRef.fieldPath);
      const validVersion = str(fieldRef.apiVersion).split('/').length <= 2;
      const valueFrom = resolve && validVersion && (path === 'metadata.name' || path === 'metadata.namespace') ? resolve(path) : '';
      w.write(LEVEL_3, `${str(e.name)}:\t${valueFrom} (${str(fieldRef.apiVersion)}:${str(fieldRef.fieldPath)})\n`);
    } else if (resourceFieldRef) {
      let valueFrom = containerResourceValue(resourceFieldRef, container);
      const resource = str(resourceFieldRef.resource);
      if (valueFrom === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) valueFrom = 'node allocatable';
      w.write(LEVEL_3, `${str(e.name)}:\t${valueFrom} (${resource})\n`);
    } else if (secretKeyRef) {
      w.write(LEVEL_3, `${str(e.name)}:\t<set to the key '${str(secretKeyRef.key)}' in secret '${str(secretKeyRef.name)}'>\tOptional: ${secretKeyRef.optional === true}\n`);
    } else if (configMapKeyRef) {
      w.write(LEVEL_3, `${str(e.name)}:\t<set to the key '${str(configMapKeyRef.key)}' of config map '${str(configMapKeyRef.name)}'>\tOptional: ${configMapKeyRef.optional === true}\n`);
    }
  }
}

function describeContainerEnvFrom(container: Obj, w: Writer): void {
  const envFrom = arr(container.envFrom).map((e) => obj(e) ?? {});
  w.write(LEVEL_2, `Environment Variables from:${envFrom.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of envFrom) {
    let from = '';
    let name = '';
    let optional = false;
    const cm = obj(e.configMapRef);
    const secret = obj(e.secretRef);
    if (cm) {
      from = 'ConfigMap';
      name = str(cm.name);
      optional = cm.optional === true;
    } else if (secret) {
      from = 'Secret';
      name = str(secret.name);
      optional = secret.optional === true;
    }
    const prefix = str(e.prefix);
    w.write(LEVEL_3, prefix.length === 0 ? `${name}\t${from}\tOptional: ${optional}\n` : `${name}\t${from} with prefix '${prefix}'\tOptional: ${optional}\n`);
  }
}

function describeContainerVolumes(container: Obj, w: Writer): void {
  const mounts = arr(container.volumeMounts).map((m) => obj(m) ?? {});
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  mounts.sort((a, b) => (str(a.mountPath) < str(b.mountPath) ? -1 : str(a.mountPath) > str(b.mountPath) ? 1 : 0));
  for (const m of mounts) {
    const flags = [m.readOnly === true ? 'ro' : 'rw'];
    if (str(m.subPath).length > 0) flags.push(`path=${JSON.stringify(str(m.subPath))}`);
    w.write(LEVEL_3, `${str(m.mountPath)} from ${str(m.name)} (${flags.join(',')})\n`);
  }
  const devices = arr(container.volumeDevices).map((x) => obj(x) ?? {});
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    devices.sort((a, b) => (str(a.devicePath) < str(b.devicePath) ? -1 : str(a.devicePath) > str(b.devicePath) ? 1 : 0));
    for (const x of devices) w.write(LEVEL_3, `${str(x.devicePath)} from ${str(x.name)}\n`);
  }
}

const portList = (ports: Obj[], key: 'containerPort' | 'hostPort'): string => ports.map((p) => `${d(p[key])}/${str(p.protocol)}`).join(', ');

/** describe.go describeContainers; `statuses` undefined for a template (no status lines). */
export function describeContainers(label: string, containers: unknown, statuses: unknown, w: Writer, space: string, resolve?: EnvResolver): void {
  const list = arr(containers).map((c) => obj(c) ?? {});
  const byName = new Map<string, Obj>();
  for (const s of arr(statuses)) byName.set(str(obj(s)?.name), obj(s) ?? {});
  w.write(LEVEL_0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  for (const container of list) {
    const status = byName.get(str(container.name));
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${str(container.name)}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${str(status.containerID)}\n`);
    w.write(LEVEL_2, `Image:\t${str(container.image)}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${str(status.imageID)}\n`);
    const ports = arr(container.ports).map((p) => obj(p) ?? {});
    const portString = portList(ports, 'containerPort');
    w.write(LEVEL_2, portString.includes(',') ? `Ports:\t${portString}\n` : `Port:\t${portString || '<none>'}\n`);
    const hostPortString = portList(ports, 'hostPort');
    w.write(LEVEL_2, hostPortString.includes(',') ? `Host Ports:\t${hostPortString}\n` : `Host Port:\t${hostPortString || '<none>'}\n`);
    const seccomp = obj(at(container, 'securityContext', 'seccompProfile'));
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${str(seccomp.type)}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${str(seccomp.localhostProfile)}\n`);
    }
    for (const [title, key] of [['Command', 'command'], ['Args', 'args']] as const) {
      const items = arr(container[key]);
      if (items.length === 0) continue;
      w.write(LEVEL_2, `${title}:\n`);
      for (const c of items) for (const s of str(c).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if (status) {
      describeStatus('State', status.state, w);
      if (obj(at(status, 'lastState', 'terminated'))) describeStatus('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
      w.write(LEVEL_2, `Restart Count:\t${d(status.restartCount)}\n`);
    }
    describeResources(container.resources, w, LEVEL_2);
    for (const [title, key] of [['Liveness', 'livenessProbe'], ['Readiness', 'readinessProbe'], ['Startup', 'startupProbe']] as const) {
      const probe = obj(container[key]);
      if (probe) w.write(LEVEL_2, `${title}:\t${describeProbe(probe)}\n`);
    }
    if (arr(container.envFrom).length > 0) describeContainerEnvFrom(container, w);
    describeContainerEnvVars(container, w, resolve);
    describeContainerVolumes(container, w);
  }
}

/** describe.go describeVolumes. */
export function describeVolumes(volumes: unknown, w: Writer, space: string): void {
  const list = arr(volumes).map((x) => obj(x) ?? {});
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const vol of list) {
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${str(vol.name)}:\n`);
    const hostPath = obj(vol.hostPath);
    const emptyDir = obj(vol.emptyDir);
    const secret = obj(vol.secret);
    const configMap = obj(vol.configMap);
    const pvc = obj(vol.persistentVolumeClaim);
    const downwardAPI = obj(vol.downwardAPI);
    const projected = obj(vol.projected);
    if (hostPath) {
      w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${v(hostPath.path)}\n    HostPathType:\t${typeof hostPath.type === 'string' ? hostPath.type : '<none>'}\n`);
    } else if (emptyDir) {
      const size = emptyDir.sizeLimit !== undefined && quantityString(emptyDir.sizeLimit) !== '0' ? quantityString(emptyDir.sizeLimit) : '<unset>';
      w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v(emptyDir.medium)}\n    SizeLimit:\t${size}\n`);
    } else if (secret) {
      w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v(secret.secretName)}\n    Optional:\t${secret.optional === true}\n`);
    } else if (configMap) {
      w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v(configMap.name)}\n    Optional:\t${configMap.optional === true}\n`);
    } else if (pvc) {
      w.write(LEVEL_2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v(pvc.claimName)}\n    ReadOnly:\t${pvc.readOnly === true}\n`);
    } else if (downwardAPI) {
      w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const item of arr(downwardAPI.items).map((x) => obj(x) ?? {})) {
        if (obj(item.fieldRef)) w.write(LEVEL_3, `${str(at(item, 'fieldRef', 'fieldPath'))} -> ${str(item.path)}\n`);
        if (obj(item.resourceFieldRef)) w.write(LEVEL_3, `${str(at(item, 'resourceFieldRef', 'resource'))} -> ${str(item.path)}\n`);
      }
    } else if (projected) {
      w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const source of arr(projected.sources).map((x) => obj(x) ?? {})) {
        const s = obj(source.secret);
        const cm = obj(source.configMap);
        const token = obj(source.serviceAccountToken);
        // Go prints a *bool with %v: its address when set, <nil> when not; the simulation has no pointers, so a
        // set value prints as the value.
        const ptr = (b: unknown): string => (typeof b === 'boolean' ? String(b) : '<nil>');
        if (s) w.write(LEVEL_2, `SecretName:\t${v(s.name)}\n    SecretOptionalName:\t${ptr(s.optional)}\n`);
        else if (obj(source.downwardAPI)) w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
        else if (cm) w.write(LEVEL_2, `ConfigMapName:\t${v(cm.name)}\n    ConfigMapOptional:\t${ptr(cm.optional)}\n`);
        else if (token) w.write(LEVEL_2, `TokenExpirationSeconds:\t${d(token.expirationSeconds)}\n`);
      }
    } else {
      w.write(LEVEL_1, '<unknown>\n');
    }
  }
}

/** describe.go describeTopologySpreadConstraints. */
export function describeTopologySpreadConstraints(tscs: unknown, w: Writer, space: string): void {
  const list = arr(tscs).map((x) => obj(x) ?? {});
  if (list.length === 0) return;
  list.sort((a, b) => (str(a.topologyKey) < str(b.topologyKey) ? -1 : str(a.topologyKey) > str(b.topologyKey) ? 1 : 0));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  list.forEach((tsc, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, space);
      w.write(LEVEL_0, '\t');
    }
    w.write(LEVEL_0, `${str(tsc.topologyKey)}:`);
    w.write(LEVEL_0, v(tsc.whenUnsatisfiable));
    w.write(LEVEL_0, ` when max skew ${d(tsc.maxSkew)} is exceeded`);
    if (obj(tsc.labelSelector)) w.write(LEVEL_0, ` for selector ${formatLabelSelector(tsc.labelSelector)}`);
    w.write(LEVEL_0, '\n');
  });
}

/** describe.go DescribePodTemplate. */
export function describePodTemplate(template: unknown, w: Writer): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  const t = obj(template);
  if (!t) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const meta = obj(t.metadata) ?? {};
  const spec = obj(t.spec) ?? {};
  printLabelsMultiline(w, '  Labels', meta.labels);
  if (Object.keys(obj(meta.annotations) ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', meta.annotations);
  if (str(spec.serviceAccountName).length > 0) w.write(LEVEL_1, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  if (arr(spec.initContainers).length > 0) describeContainers('Init Containers', spec.initContainers, undefined, w, '  ');
  describeContainers('Containers', spec.containers, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (str(spec.priorityClassName).length > 0) w.write(LEVEL_1, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultilineWithIndent(w, '', '  Tolerations', '\t', spec.tolerations);
}

export { printLabelsMultilineWithIndent };

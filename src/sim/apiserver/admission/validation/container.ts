/**
 * Container validation, ported from kubernetes `pkg/apis/core/validation/validation.go` (`validateContainers`,
 * `validateContainerPorts`, `ValidateResourceRequirements`, `validateProbe`, `validatePullPolicy`).
 *
 * @remarks Volume mounts, env sources, lifecycle hooks and security contexts are only type-checked, not validated.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import { parseQuantity, QUANTITY_FORMAT_ERROR } from '../../../api/quantity.ts';
import type { JsonObject } from '../json-shape.ts';
import { child, key, readInt, readObject, readObjects, readString } from './shape.ts';
import { isDNS1123Label, isValidPortName, isValidPortNum } from './names.ts';

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];

function nonNegative(errs: FieldError[], o: JsonObject, k: string, path: string): number | undefined {
  const v = readInt(errs, o, k, path);
  if (v !== undefined && v < 0) errs.push(fieldError.invalid(child(path, k), v, 'must be greater than or equal to 0'));
  return v;
}

/** `validateProbe`; liveness and startup probes also need successThreshold 1. */
function validateProbe(errs: FieldError[], probe: JsonObject, path: string, mustSucceedOnce: boolean): void {
  nonNegative(errs, probe, 'initialDelaySeconds', path);
  for (const k of ['timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    const v = readInt(errs, probe, k, path);
    if (v !== undefined && v < 1) errs.push(fieldError.invalid(child(path, k), v, 'must be greater than or equal to 1'));
  }
  const success = readInt([], probe, 'successThreshold', path);
  if (mustSucceedOnce && success !== undefined && success !== 1) errs.push(fieldError.invalid(child(path, 'successThreshold'), success, 'must be 1'));
  const handlers = ['exec', 'httpGet', 'tcpSocket', 'grpc'].filter((h) => probe[h] !== undefined && probe[h] !== null);
  if (handlers.length === 0) errs.push(fieldError.required(path, 'must specify a handler type'));
  else if (handlers.length > 1) errs.push(fieldError.forbidden(child(path, handlers[1]!), 'may not specify more than 1 handler type'));
  const httpGet = readObject(errs, probe, 'httpGet', path);
  if (httpGet) validatePortRef(errs, httpGet, child(path, 'httpGet'));
  const tcp = readObject(errs, probe, 'tcpSocket', path);
  if (tcp) validatePortRef(errs, tcp, child(path, 'tcpSocket'));
}

function validatePortRef(errs: FieldError[], handler: JsonObject, path: string): void {
  const port = handler['port'];
  const p = child(path, 'port');
  if (port === undefined || port === null) errs.push(fieldError.required(p, ''));
  else if (typeof port === 'number') for (const msg of isValidPortNum(port)) errs.push(fieldError.invalid(p, port, msg));
  else if (typeof port === 'string') for (const msg of isValidPortName(port)) errs.push(fieldError.invalid(p, port, msg));
}

/** Requests and limits: quantities parse, are not negative, and each request is at most its limit. */
function validateResources(errs: FieldError[], resources: JsonObject, path: string): void {
  const values: Record<'limits' | 'requests', Record<string, number>> = { limits: {}, requests: {} };
  for (const which of ['limits', 'requests'] as const) {
    const list = readObject(errs, resources, which, path);
    if (!list) continue;
    for (const [name, q] of Object.entries(list)) {
      const p = key(child(path, which), name);
      const v = parseQuantity(q);
      if (v === undefined) errs.push(fieldError.invalid(p, q, QUANTITY_FORMAT_ERROR));
      else if (v < 0) errs.push(fieldError.invalid(p, q, 'must be greater than or equal to 0'));
      else values[which][name] = v;
    }
  }
  for (const [name, request] of Object.entries(values.requests)) {
    const limit = values.limits[name];
    const limits = readObject([], resources, 'limits', path);
    if (limit !== undefined && request > limit) {
      errs.push(fieldError.invalid(key(child(path, 'requests'), name), readObject([], resources, 'requests', path)?.[name], `must be less than or equal to ${name} limit of ${String(limits?.[name])}`));
    }
  }
}

/** One container (regular or init). */
export function validateContainer(errs: FieldError[], c: JsonObject, path: string, isInit: boolean): string | undefined {
  const name = readString(errs, c, 'name', path);
  if (!name) errs.push(fieldError.required(child(path, 'name'), ''));
  else for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(child(path, 'name'), name, msg));
  const image = readString(errs, c, 'image', path);
  if (!image || image.trim() !== image) {
    if (!image) errs.push(fieldError.required(child(path, 'image'), ''));
    else errs.push(fieldError.invalid(child(path, 'image'), image, 'must not have leading or trailing whitespace'));
  }
  const pullPolicy = readString(errs, c, 'imagePullPolicy', path);
  if (pullPolicy === '') errs.push(fieldError.required(child(path, 'imagePullPolicy'), ''));
  else if (pullPolicy !== undefined && !PULL_POLICIES.includes(pullPolicy)) errs.push(fieldError.notSupported(child(path, 'imagePullPolicy'), pullPolicy, PULL_POLICIES));
  const tmp = readString(errs, c, 'terminationMessagePolicy', path);
  if (tmp !== undefined && !TERMINATION_MESSAGE_POLICIES.includes(tmp)) errs.push(fieldError.notSupported(child(path, 'terminationMessagePolicy'), tmp, TERMINATION_MESSAGE_POLICIES));
  const portNames = new Set<string>();
  for (const { item: port, path: p } of readObjects(errs, c, 'ports', path)) {
    const portName = readString(errs, port, 'name', p);
    if (portName) {
      for (const msg of isValidPortName(portName)) errs.push(fieldError.invalid(child(p, 'name'), portName, msg));
      if (portNames.has(portName)) errs.push(fieldError.duplicate(child(p, 'name'), portName));
      portNames.add(portName);
    }
    const containerPort = readInt(errs, port, 'containerPort', p);
    if (containerPort === undefined) {
      if (port['containerPort'] === undefined) errs.push(fieldError.required(child(p, 'containerPort'), ''));
    } else for (const msg of isValidPortNum(containerPort)) errs.push(fieldError.invalid(child(p, 'containerPort'), containerPort, msg));
    const hostPort = readInt(errs, port, 'hostPort', p);
    if (hostPort) for (const msg of isValidPortNum(hostPort)) errs.push(fieldError.invalid(child(p, 'hostPort'), hostPort, msg));
    const protocol = readString(errs, port, 'protocol', p);
    if (protocol === '') errs.push(fieldError.required(child(p, 'protocol'), ''));
    else if (protocol !== undefined && !PROTOCOLS.includes(protocol)) errs.push(fieldError.notSupported(child(p, 'protocol'), protocol, PROTOCOLS));
  }
  const resources = readObject(errs, c, 'resources', path);
  if (resources) validateResources(errs, resources, child(path, 'resources'));
  const probes: Array<[string, boolean]> = [['livenessProbe', true], ['readinessProbe', false], ['startupProbe', true]];
  for (const [k, mustSucceedOnce] of probes) {
    const probe = readObject(errs, c, k, path);
    if (!probe) continue;
    // Init containers (other than restartable sidecars) may not have probes.
    if (isInit && c['restartPolicy'] !== 'Always') errs.push(fieldError.forbidden(child(path, k), 'may not be set for init containers without restartPolicy=Always'));
    else if (k === 'readinessProbe' && isInit) errs.push(fieldError.forbidden(child(path, k), 'may not be set for init containers'));
    else validateProbe(errs, probe, child(path, k), mustSucceedOnce);
  }
  return name;
}

/** `ValidateVolumeMounts`: each mount names a volume of the pod and has a mountPath, unique within the container. */
function validateVolumeMounts(errs: FieldError[], c: JsonObject, path: string, volumes: ReadonlySet<string>): void {
  const mountPaths = new Set<string>();
  for (const { item: mount, path: p } of readObjects(errs, c, 'volumeMounts', path)) {
    const name = readString(errs, mount, 'name', p) ?? '';
    if (name === '') errs.push(fieldError.required(child(p, 'name'), ''));
    else if (!volumes.has(name)) errs.push(fieldError.notFound(child(p, 'name'), name));
    const mountPath = readString(errs, mount, 'mountPath', p) ?? '';
    if (mountPath === '') errs.push(fieldError.required(child(p, 'mountPath'), ''));
    else if (mountPaths.has(mountPath)) errs.push(fieldError.invalid(child(p, 'mountPath'), mountPath, 'must be unique'));
    mountPaths.add(mountPath);
  }
}

/** `validateContainers` / `validateInitContainers`: required (for regular containers), each valid, names unique. */
export function validateContainers(errs: FieldError[], spec: JsonObject, path: string, seen: Set<string>, isInit: boolean): void {
  const k = isInit ? 'initContainers' : 'containers';
  const list = readObjects(errs, spec, k, path);
  const raw = spec[k];
  if (!isInit && (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))) {
    errs.push(fieldError.required(child(path, k), ''));
  }
  const volumes = new Set(readObjects([], spec, 'volumes', path).map(({ item }) => item['name']).filter((n): n is string => typeof n === 'string'));
  for (const { item, path: p } of list) {
    validateVolumeMounts(errs, item, p, volumes);
    const name = validateContainer(errs, item, p, isInit);
    if (name) {
      if (seen.has(name)) errs.push(fieldError.duplicate(child(p, 'name'), name));
      seen.add(name);
    }
  }
}

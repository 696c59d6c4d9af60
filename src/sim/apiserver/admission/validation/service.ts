/**
 * Service validation, ported from kubernetes `pkg/apis/core/validation/validation.go` (`ValidateService`,
 * `validateServicePort`, `ValidateServiceUpdate`).
 *
 * @remarks clusterIP(s) allocation, ipFamilies, externalIPs and load-balancer fields are only type-checked.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject } from '../json-shape.ts';
import { child, readInt, readObjects, readString, readStringMap, typeError } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate, validateLabels, validateImmutable } from './object-meta.ts';
import { isDNS1035Label, isDNS1123Label, isValidPortName, isValidPortNum } from './names.ts';

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const AFFINITIES = ['ClientIP', 'None'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** `--service-node-port-range` default. */
const NODE_PORT_RANGE = [30000, 32767] as const;

/** `ValidateService`. */
export function validateService(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1035Label);
  if (!isObject(obj.spec)) {
    if (obj.spec !== undefined && obj.spec !== null) errs.push(typeError('spec', obj.spec, 'object'));
    else errs.push(fieldError.required('spec.ports', ''));
    return errs;
  }
  const spec = obj.spec;
  const type = readString(errs, spec, 'type', 'spec');
  const ports = readObjects(errs, spec, 'ports', 'spec');
  const headless = spec['clusterIP'] === 'None';
  if (type !== 'ExternalName' && !headless && ports.length === 0) errs.push(fieldError.required('spec.ports', ''));
  const names = new Set<string>();
  for (const { item: port, path: p } of ports) {
    const name = readString(errs, port, 'name', p) ?? '';
    if (ports.length > 1 && name === '') errs.push(fieldError.required(child(p, 'name'), ''));
    else if (name !== '') {
      // validation.go validateServicePort: a Service port's name is a DNS-1123 label (not an IANA service name as a
      // container port's: "80-8080", kubectl create service's default, is valid).
      for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(child(p, 'name'), name, msg));
      if (names.has(name)) errs.push(fieldError.duplicate(child(p, 'name'), name));
      names.add(name);
    }
    const num = readInt(errs, port, 'port', p);
    if (num === undefined && port['port'] === undefined) errs.push(fieldError.required(child(p, 'port'), ''));
    if (num !== undefined) for (const msg of isValidPortNum(num)) errs.push(fieldError.invalid(child(p, 'port'), num, msg));
    const protocol = readString(errs, port, 'protocol', p);
    if (protocol === '' || protocol === undefined) errs.push(fieldError.required(child(p, 'protocol'), ''));
    else if (!PROTOCOLS.includes(protocol)) errs.push(fieldError.notSupported(child(p, 'protocol'), protocol, PROTOCOLS));
    const target = port['targetPort'];
    const tp = child(p, 'targetPort');
    if (typeof target === 'number') {
      if (Number.isInteger(target)) for (const msg of isValidPortNum(target)) errs.push(fieldError.invalid(tp, target, msg));
      else errs.push(typeError(tp, target, 'integer-or-string'));
    } else if (typeof target === 'string') {
      for (const msg of isValidPortName(target)) errs.push(fieldError.invalid(tp, target, msg));
    } else if (target !== undefined && target !== null) errs.push(typeError(tp, target, 'integer-or-string'));
    const nodePort = readInt(errs, port, 'nodePort', p);
    if (nodePort !== undefined && nodePort !== 0) {
      if (type !== 'NodePort' && type !== 'LoadBalancer') errs.push(fieldError.forbidden(child(p, 'nodePort'), 'may not be used when `type` is \'' + (type ?? '') + "'"));
      else if (nodePort < NODE_PORT_RANGE[0] || nodePort > NODE_PORT_RANGE[1]) {
        // The allocator's message (pkg/registry/core/service/portallocator), for the default --service-node-port-range.
        errs.push(fieldError.invalid(child(p, 'nodePort'), nodePort, `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_RANGE[0]}-${NODE_PORT_RANGE[1]}`));
      }
    }
  }
  if (type === undefined || type === '') errs.push(fieldError.required('spec.type', ''));
  else if (!SERVICE_TYPES.includes(type)) errs.push(fieldError.notSupported('spec.type', type, SERVICE_TYPES));
  if (type === 'ExternalName') {
    const externalName = readString(errs, spec, 'externalName', 'spec');
    if (!externalName) errs.push(fieldError.required('spec.externalName', ''));
  }
  const affinity = readString(errs, spec, 'sessionAffinity', 'spec');
  if (affinity === undefined || affinity === '') errs.push(fieldError.required('spec.sessionAffinity', ''));
  else if (!AFFINITIES.includes(affinity)) errs.push(fieldError.notSupported('spec.sessionAffinity', affinity, AFFINITIES));
  const selector = readStringMap(errs, spec, 'selector', 'spec');
  if (selector) errs.push(...validateLabels(selector, 'spec.selector'));
  readString(errs, spec, 'clusterIP', 'spec');
  return errs;
}

/** `ValidateServiceUpdate`: clusterIP may not change once set (except to or from ExternalName). */
export function validateServiceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateService(obj)];
  const next = isObject(obj.spec) ? obj.spec : {};
  const prev = isObject(old.spec) ? old.spec : {};
  const oldIP = prev['clusterIP'];
  if (typeof oldIP === 'string' && oldIP !== '' && next['type'] !== 'ExternalName' && next['clusterIP'] !== undefined && next['clusterIP'] !== '') {
    errs.push(...validateImmutable(next['clusterIP'], oldIP, 'spec.clusterIP'));
  }
  return errs;
}

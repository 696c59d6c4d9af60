/**
 * Validation of the small kinds: coordination.k8s.io/v1 Lease (`pkg/apis/coordination/validation`), core/v1
 * ConfigMap (`ValidateConfigMap`) and Event (`ValidateEventCreate`), discovery.k8s.io/v1 EndpointSlice
 * (`pkg/apis/discovery/validation`).
 *
 * @remarks EndpointSlice addresses are checked for count and presence, not IP syntax.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject } from '../json-shape.ts';
import { child, key, readArray, readInt, readObject, readObjects, readString, typeError } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { isConfigMapKey, isDNS1123Label, isDNS1123Subdomain, isValidPortNum } from './names.ts';

/** `ValidateLease`. */
export function validateLease(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  if (obj.spec !== undefined && obj.spec !== null && !isObject(obj.spec)) return [...errs, typeError('spec', obj.spec, 'object')];
  const spec = isObject(obj.spec) ? obj.spec : {};
  readString(errs, spec, 'holderIdentity', 'spec');
  const duration = readInt(errs, spec, 'leaseDurationSeconds', 'spec');
  if (duration !== undefined && duration <= 0) errs.push(fieldError.invalid('spec.leaseDurationSeconds', duration, 'must be greater than 0'));
  const transitions = readInt(errs, spec, 'leaseTransitions', 'spec');
  if (transitions !== undefined && transitions < 0) errs.push(fieldError.invalid('spec.leaseTransitions', transitions, 'must be greater than or equal to 0'));
  readString(errs, spec, 'acquireTime', 'spec');
  readString(errs, spec, 'renewTime', 'spec');
  return errs;
}

/** Upstream's `MaxSecretSize`-equivalent for ConfigMaps (`corev1.MaxSecretSize`, 1 MiB). */
const MAX_CONFIG_MAP_SIZE = 1024 * 1024;

/** `ValidateConfigMap`: keys are config keys, unique across data and binaryData, total size at most 1 MiB. */
export function validateConfigMap(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  let total = 0;
  const data = readObject(errs, obj, 'data', '');
  const binaryData = readObject(errs, obj, 'binaryData', '');
  for (const [k, v] of Object.entries(data ?? {})) {
    for (const msg of isConfigMapKey(k)) errs.push(fieldError.invalid(key('data', k), k, msg));
    if (binaryData && Object.hasOwn(binaryData, k)) errs.push(fieldError.invalid(key('data', k), k, 'duplicate of key present in binaryData'));
    if (typeof v !== 'string') errs.push(typeError(key('data', k), v, 'string'));
    else total += v.length;
  }
  for (const [k, v] of Object.entries(binaryData ?? {})) {
    for (const msg of isConfigMapKey(k)) errs.push(fieldError.invalid(key('binaryData', k), k, msg));
    if (typeof v !== 'string') errs.push(typeError(key('binaryData', k), v, 'string'));
    else total += v.length;
  }
  if (total > MAX_CONFIG_MAP_SIZE) errs.push(fieldError.tooLong('', MAX_CONFIG_MAP_SIZE));
  return errs;
}

/** `ValidateEventCreate` for core/v1 Events: the involved object's namespace must be the event's. */
export function validateEvent(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const involved = readObject(errs, obj, 'involvedObject', '');
  const ns = readString(errs, involved, 'namespace', 'involvedObject') ?? '';
  const eventNs = isObject(obj.metadata) && typeof obj.metadata.namespace === 'string' ? obj.metadata.namespace : '';
  // A cluster-scoped involved object (a Node) may be reported in "" or, for old clients, "default".
  const mismatch = ns === '' ? eventNs !== '' && eventNs !== 'default' : ns !== eventNs;
  if (mismatch) errs.push(fieldError.invalid('involvedObject.namespace', ns, 'does not match event.namespace'));
  readString(errs, obj, 'reason', '');
  readString(errs, obj, 'message', '');
  readInt(errs, obj, 'count', '');
  const type = readString(errs, obj, 'type', '');
  if (type !== undefined && type !== '' && type !== 'Normal' && type !== 'Warning') errs.push(fieldError.notSupported('type', type, ['Normal', 'Warning']));
  return errs;
}

const ADDRESS_TYPES = ['IPv4', 'IPv6', 'FQDN'];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;

/** `ValidateEndpointSlice`. */
export function validateEndpointSlice(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const addressType = readString(errs, obj, 'addressType', '');
  if (!addressType) errs.push(fieldError.required('addressType', ''));
  else if (!ADDRESS_TYPES.includes(addressType)) errs.push(fieldError.notSupported('addressType', addressType, ADDRESS_TYPES));
  const endpoints = readObjects(errs, obj, 'endpoints', '');
  if (endpoints.length > MAX_ENDPOINTS) errs.push(fieldError.tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  for (const { item: ep, path: p } of endpoints) {
    const addresses = readArray(errs, ep, 'addresses', p) ?? [];
    if (addresses.length === 0) errs.push(fieldError.required(child(p, 'addresses'), 'must contain at least 1 address'));
    else if (addresses.length > MAX_ADDRESSES) errs.push(fieldError.tooMany(child(p, 'addresses'), addresses.length, MAX_ADDRESSES));
    addresses.forEach((a, i) => {
      if (typeof a !== 'string') errs.push(typeError(`${child(p, 'addresses')}[${i}]`, a, 'string'));
    });
    readString(errs, ep, 'nodeName', p);
    readObject(errs, ep, 'conditions', p);
  }
  const ports = readObjects(errs, obj, 'ports', '');
  if (ports.length > MAX_PORTS) errs.push(fieldError.tooMany('ports', ports.length, MAX_PORTS));
  const names = new Set<string>();
  for (const { item: port, path: p } of ports) {
    const name = readString(errs, port, 'name', p) ?? '';
    // discovery validation.go validatePorts: an EndpointSlice port's name is a DNS-1123 label, as its Service port's.
    if (name !== '') for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(child(p, 'name'), name, msg));
    if (names.has(name)) errs.push(fieldError.duplicate(child(p, 'name'), name));
    names.add(name);
    const num = readInt(errs, port, 'port', p);
    if (num !== undefined) for (const msg of isValidPortNum(num)) errs.push(fieldError.invalid(child(p, 'port'), num, msg));
    const protocol = readString(errs, port, 'protocol', p);
    if (protocol !== undefined && !['SCTP', 'TCP', 'UDP'].includes(protocol)) errs.push(fieldError.notSupported(child(p, 'protocol'), protocol, ['SCTP', 'TCP', 'UDP']));
  }
  return errs;
}

/** Update = create checks + immutable metadata; EndpointSlice's addressType is immutable too. */
export function validateMiscUpdate(obj: KubeObject, old: KubeObject, validate: (o: KubeObject) => FieldError[]): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata);
  for (const e of validate(obj)) errs.push(e);
  if (obj.kind === 'EndpointSlice' && obj['addressType'] !== old['addressType']) {
    errs.push(fieldError.invalid('addressType', obj['addressType'], 'field is immutable'));
  }
  return errs;
}

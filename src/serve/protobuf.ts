/**
 * Reads the protobuf bodies client-go's typed clients send for built-in kinds (`Content-Type:
 * application/vnd.kubernetes.protobuf`): kubectl 1.32's `create deployment|configmap|secret|namespace|service|job|
 * cronjob` build the object in Go and POST it so, and `drain` DELETEs pods with protobuf DeleteOptions. The envelope is `k8s\0` + runtime.Unknown{typeMeta, raw}
 * (k8s.io/apimachinery/pkg/runtime/serializer/protobuf); `raw` is the object in the field numbers of
 * k8s.io/api's generated.proto files. Only the messages those generators fill are known here: any other field,
 * or another kind, is refused by naming it (the client gets a 415), never guessed.
 *
 * Go's zero values of non-pointer fields are on the wire (gogo-protobuf writes them); JSON omits them
 * (`omitempty`), so they are dropped here, except the pointer fields where a zero counts (replicas: 0). An unknown
 * field holding a zero value is skipped for the same reason; one holding anything else refuses the body.
 */

/** How a field reads: a scalar, a message, a map, and whether it repeats. */
type Scalar = 'string' | 'int' | 'bool' | 'bytes' | 'time' | 'quantity' | 'intOrString';
interface Field {
  name: string;
  type: Scalar | { message: string } | { map: Scalar | { message: string } };
  repeated?: boolean;
  /** A pointer in Go: its zero value is meaningful and kept. */
  keepZero?: boolean;
}

const s = (name: string): Field => ({ name, type: 'string' });
const i = (name: string, keepZero = false): Field => ({ name, type: 'int', keepZero });
const b = (name: string, keepZero = false): Field => ({ name, type: 'bool', keepZero });
const m = (name: string, message: string, repeated = false): Field => ({ name, type: { message }, repeated });
const strings = (name: string): Field => ({ name, type: 'string', repeated: true });
const stringMap = (name: string): Field => ({ name, type: { map: 'string' } });

/** Field numbers from k8s.io/api {core,apps,batch}/v1/generated.proto and apimachinery meta/v1/generated.proto. */
const MESSAGES: Record<string, Record<number, Field>> = {
  ObjectMeta: {
    1: s('name'), 2: s('generateName'), 3: s('namespace'), 4: s('selfLink'), 5: s('uid'), 6: s('resourceVersion'), 7: i('generation'),
    8: { name: 'creationTimestamp', type: 'time' }, 9: { name: 'deletionTimestamp', type: 'time' }, 10: i('deletionGracePeriodSeconds', true),
    11: stringMap('labels'), 12: stringMap('annotations'), 14: strings('finalizers'),
  },
  LabelSelector: { 1: stringMap('matchLabels') },
  Deployment: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'DeploymentSpec'), 3: m('status', 'Status') },
  DeploymentSpec: { 1: i('replicas', true), 2: m('selector', 'LabelSelector'), 3: m('template', 'PodTemplateSpec'), 4: m('strategy', 'DeploymentStrategy'), 5: i('minReadySeconds'), 6: i('revisionHistoryLimit', true), 7: b('paused'), 9: i('progressDeadlineSeconds', true) },
  DeploymentStrategy: { 1: s('type') },
  PodTemplateSpec: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'PodSpec') },
  PodSpec: {
    2: m('containers', 'Container', true), 3: s('restartPolicy'), 4: i('terminationGracePeriodSeconds', true), 5: i('activeDeadlineSeconds', true), 6: s('dnsPolicy'), 7: stringMap('nodeSelector'),
    8: s('serviceAccountName'), 9: s('serviceAccount'), 10: s('nodeName'), 11: b('hostNetwork'), 16: s('hostname'), 17: s('subdomain'), 19: s('schedulerName'), 20: m('initContainers', 'Container', true), 24: s('priorityClassName'),
  },
  Container: {
    1: s('name'), 2: s('image'), 3: strings('command'), 4: strings('args'), 5: s('workingDir'), 6: m('ports', 'ContainerPort', true), 7: m('env', 'EnvVar', true),
    8: m('resources', 'ResourceRequirements'), 13: s('terminationMessagePath'), 14: s('imagePullPolicy'), 16: b('stdin'), 17: b('stdinOnce'), 18: b('tty'), 20: s('terminationMessagePolicy'),
  },
  ContainerPort: { 1: s('name'), 2: i('hostPort'), 3: i('containerPort', true), 4: s('protocol'), 5: s('hostIP') },
  EnvVar: { 1: s('name'), 2: s('value') },
  ResourceRequirements: { 1: { name: 'limits', type: { map: 'quantity' } }, 2: { name: 'requests', type: { map: 'quantity' } } },
  ConfigMap: { 1: m('metadata', 'ObjectMeta'), 2: stringMap('data'), 3: { name: 'binaryData', type: { map: 'bytes' } }, 4: b('immutable', true) },
  Secret: { 1: m('metadata', 'ObjectMeta'), 2: { name: 'data', type: { map: 'bytes' } }, 3: s('type'), 4: stringMap('stringData'), 5: b('immutable', true) },
  Namespace: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'Empty'), 3: m('status', 'Status') },
  Service: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'ServiceSpec'), 3: m('status', 'ServiceStatus') },
  ServiceSpec: { 1: m('ports', 'ServicePort', true), 2: stringMap('selector'), 3: s('clusterIP'), 4: s('type'), 5: strings('externalIPs'), 7: s('sessionAffinity'), 11: s('externalName') },
  ServicePort: { 1: s('name'), 2: s('protocol'), 3: i('port', true), 4: { name: 'targetPort', type: 'intOrString' }, 5: i('nodePort') },
  ServiceStatus: { 1: m('loadBalancer', 'Empty') },
  Job: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'JobSpec'), 3: m('status', 'Status') },
  JobSpec: { 1: i('parallelism', true), 2: i('completions', true), 3: i('activeDeadlineSeconds', true), 4: m('selector', 'LabelSelector'), 6: m('template', 'PodTemplateSpec'), 7: i('backoffLimit', true), 8: i('ttlSecondsAfterFinished', true) },
  CronJob: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'CronJobSpec'), 3: m('status', 'Status') },
  CronJobSpec: { 1: s('schedule'), 2: i('startingDeadlineSeconds', true), 3: s('concurrencyPolicy'), 4: b('suspend', true), 5: m('jobTemplate', 'JobTemplateSpec'), 6: i('successfulJobsHistoryLimit', true), 7: i('failedJobsHistoryLimit', true), 8: s('timeZone') },
  JobTemplateSpec: { 1: m('metadata', 'ObjectMeta'), 2: m('spec', 'JobSpec') },
  DeleteOptions: { 1: i('gracePeriodSeconds', true), 2: m('preconditions', 'Preconditions'), 3: b('orphanDependents', true), 4: { name: 'propagationPolicy', type: 'string', keepZero: true }, 5: strings('dryRun') },
  Preconditions: { 1: s('uid'), 2: s('resourceVersion') },
  /** A message with no field (a namespace's spec). */
  Empty: {},
  /** The status of an object being created: the api-server resets it, so its fields are not read. */
  Status: {},
};

const ROOTS: Record<string, string> = {
  'apps/v1 Deployment': 'Deployment',
  'v1 ConfigMap': 'ConfigMap',
  'v1 Secret': 'Secret',
  'v1 Namespace': 'Namespace',
  'v1 Service': 'Service',
  'batch/v1 Job': 'Job',
  'batch/v1 CronJob': 'CronJob',
  // kubectl drain's DELETE of each pod (when the server offers no pods/eviction) carries its options so.
  'v1 DeleteOptions': 'DeleteOptions',
  'meta.k8s.io/v1 DeleteOptions': 'DeleteOptions',
};

export class ProtobufError extends Error {}

/** The protobuf media type client-go sends. */
export const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const MAGIC = [0x6b, 0x38, 0x73, 0x00];

class Reader {
  pos = 0;
  constructor(
    readonly buf: Uint8Array,
    readonly end = buf.length,
  ) {}
  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.end) throw new ProtobufError('the body ends inside a number');
      const byte = this.buf[this.pos++]!;
      if (shift < 49) result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
      if (shift > 63) throw new ProtobufError('a number is longer than 10 bytes');
    }
  }
  bytes(): Uint8Array {
    const length = this.varint();
    if (this.pos + length > this.end) throw new ProtobufError('a field is longer than the body');
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
}

/** (field number, wire type, value) of each field of one message. */
function fields(buf: Uint8Array): Array<{ no: number; wire: number; value: number | Uint8Array }> {
  const r = new Reader(buf);
  const out: Array<{ no: number; wire: number; value: number | Uint8Array }> = [];
  while (r.pos < r.end) {
    const key = r.varint();
    const no = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: r.varint() });
    else if (wire === 2) out.push({ no, wire, value: r.bytes() });
    else throw new ProtobufError(`field ${no} has wire type ${wire}, which no known field uses`);
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });
const text = (v: number | Uint8Array): string => (typeof v === 'number' ? String(v) : utf8.decode(v));
const int32 = (v: number): number => (v >= 2 ** 63 ? v - 2 ** 64 : v > 2 ** 31 - 1 && v < 2 ** 32 ? v - 2 ** 32 : v);

function scalar(type: Scalar, v: number | Uint8Array, where: string): unknown {
  switch (type) {
    case 'string':
      return text(v);
    case 'int':
      if (typeof v !== 'number') throw new ProtobufError(`${where} should be a number`);
      return int32(v);
    case 'bool':
      return v === 1;
    case 'bytes':
      return Buffer.from(typeof v === 'number' ? [] : v).toString('base64');
    case 'quantity':
      return typeof v === 'number' ? String(v) : text(fields(v).find((f) => f.no === 1)?.value ?? new Uint8Array());
    case 'time': {
      if (typeof v === 'number') throw new ProtobufError(`${where} should be a message`);
      const seconds = Number(fields(v).find((f) => f.no === 1)?.value ?? 0);
      return seconds === 0 ? null : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
    }
    case 'intOrString': {
      if (typeof v === 'number') throw new ProtobufError(`${where} should be a message`);
      const f = fields(v);
      const kind = Number(f.find((x) => x.no === 1)?.value ?? 0);
      return kind === 1 ? text(f.find((x) => x.no === 3)?.value ?? new Uint8Array()) : int32(Number(f.find((x) => x.no === 2)?.value ?? 0));
    }
  }
}

const isZero = (v: unknown): boolean => v === '' || v === 0 || v === false || v === null;

function message(name: string, buf: Uint8Array, where: string): Record<string, unknown> {
  const schema = MESSAGES[name];
  if (!schema) throw new ProtobufError(`${where}: ${name} is not read`);
  const out: Record<string, unknown> = {};
  if (name === 'Status') return out;
  for (const f of fields(buf)) {
    const field = schema[f.no];
    if (!field) {
      // Go writes its zero values of non-pointer fields: an unknown field that says nothing is no loss.
      if (f.value === 0 || (typeof f.value !== 'number' && f.value.length === 0)) continue;
      throw new ProtobufError(`${where ? `${where}: ` : ''}field ${f.no} of ${name} is not read by loopscope serve`);
    }
    const at = where ? `${where}.${field.name}` : field.name;
    let value: unknown;
    if (typeof field.type === 'string') value = scalar(field.type, f.value, at);
    else if ('message' in field.type) {
      if (typeof f.value === 'number') throw new ProtobufError(`${at} should be a message`);
      value = message(field.type.message, f.value, at);
    } else {
      if (typeof f.value === 'number') throw new ProtobufError(`${at} should be a map entry`);
      const entry = fields(f.value);
      const key = text(entry.find((e) => e.no === 1)?.value ?? new Uint8Array());
      const raw = entry.find((e) => e.no === 2)?.value ?? new Uint8Array();
      const valueType = field.type.map;
      const mapped = typeof valueType === 'string' ? scalar(valueType, raw, `${at}[${key}]`) : message(valueType.message, typeof raw === 'number' ? new Uint8Array() : raw, `${at}[${key}]`);
      const map = (out[field.name] ??= {}) as Record<string, unknown>;
      map[key] = mapped;
      continue;
    }
    if (field.repeated) {
      ((out[field.name] ??= []) as unknown[]).push(value);
      continue;
    }
    if (isZero(value) && !field.keepZero) continue;
    out[field.name] = value;
  }
  return out;
}

/** True when the body is a Kubernetes protobuf envelope. */
export function isProtobufBody(body: Uint8Array): boolean {
  return body.length >= 4 && MAGIC.every((byte, k) => body[k] === byte);
}

/** The JSON object of a protobuf body, or a ProtobufError naming what is not read. */
export function decodeProtobuf(body: Uint8Array): Record<string, unknown> {
  if (!isProtobufBody(body)) throw new ProtobufError('the body does not start with the protobuf envelope "k8s\\0"');
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array | undefined;
  for (const f of fields(body.subarray(4))) {
    if (f.no === 1 && typeof f.value !== 'number') {
      for (const t of fields(f.value)) {
        if (t.no === 1) apiVersion = text(t.value);
        if (t.no === 2) kind = text(t.value);
      }
    } else if (f.no === 2 && typeof f.value !== 'number') raw = f.value;
    else if (f.no === 3 && typeof f.value !== 'number' && f.value.length > 0) throw new ProtobufError(`content encoding "${text(f.value)}" is not read`);
  }
  const root = ROOTS[`${apiVersion} ${kind}`];
  if (!root) throw new ProtobufError(`${kind || 'an object'} in ${apiVersion || 'no version'} is not read from protobuf by loopscope serve (send JSON)`);
  return { apiVersion, kind, ...message(root, raw ?? new Uint8Array(), '') };
}

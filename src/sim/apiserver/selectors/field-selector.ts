/**
 * Field selectors ("spec.nodeName=node-1,status.phase!=Running") and the fields each kind lets you select on.
 *
 * Upstream: k8s.io/apimachinery/pkg/fields/selector.go (ParseSelector: `=`, `==`, `!=`, comma-separated, `\`
 * escapes) and each kind's `GetAttrs`/`AddFieldLabelConversionFunc` (pkg/registry/core/pod/strategy.go
 * `ToSelectableFields`, pkg/apis/core/v1/conversion.go...).
 *
 * @remarks Only `metadata.name` and `metadata.namespace` are selectable on custom resources (CRD
 * `selectableFields` are not implemented).
 */
import type { KubeObject } from '../../api/object.ts';
import { SelectorParseError } from './label-selector.ts';

export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '!=';
  readonly value: string;
}

export interface ParsedFieldSelector {
  readonly requirements: readonly FieldRequirement[];
}

const COMMON = ['metadata.name', 'metadata.namespace'];

/** Selectable fields per Kind, beyond metadata.name/metadata.namespace. */
export const SELECTABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Pod: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  Event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  Namespace: ['status.phase'],
  Node: ['spec.unschedulable'],
  ReplicaSet: ['status.replicas'],
  Job: ['status.successful'],
};

/**
 * `fields.ParseSelector`, then checks each field is selectable on `kind`. Throws {@link SelectorParseError}
 * with upstream's texts (`invalid selector: '...'; can't understand '...'`, `field label not supported: x`).
 */
export function parseFieldSelector(input: string, kind: string): ParsedFieldSelector {
  const text = input.trim();
  if (text === '') return { requirements: [] };
  const requirements: FieldRequirement[] = [];
  for (const part of splitUnescaped(text, ',')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part);
    if (!m) throw new SelectorParseError(`invalid selector: '${input}'; can't understand '${part}'`);
    const field = m[1]!.trim();
    if (!COMMON.includes(field) && !(SELECTABLE_FIELDS[kind] ?? []).includes(field)) {
      throw new SelectorParseError(`field label not supported: ${field}`);
    }
    requirements.push({ field, operator: m[2] === '!=' ? '!=' : '=', value: unescape(m[3]!) });
  }
  return { requirements };
}

function splitUnescaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      cur += s[i]! + s[i + 1]!;
      i++;
    } else if (s[i] === sep) {
      out.push(cur);
      cur = '';
    } else cur += s[i]!;
  }
  out.push(cur);
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/** The value of a selectable field as upstream renders it (strings as is, numbers and booleans as text, absent ""). */
export function fieldValue(obj: KubeObject, field: string): string {
  if (field === 'source' && obj.kind === 'Event') {
    const src = (obj as { source?: { component?: string } }).source;
    return src?.component ?? '';
  }
  let cur: unknown = obj;
  for (const part of fieldParts(field)) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur === undefined || cur === null) {
    if (field === 'spec.hostNetwork' || field === 'spec.unschedulable') return 'false';
    if (field === 'status.replicas' || field === 'status.successful') return '0';
    return '';
  }
  return typeof cur === 'object' ? JSON.stringify(cur) : String(cur);
}

/** `field.split('.')`, once per selectable field (a handful of names): every watch event is matched against them. */
function fieldParts(field: string): readonly string[] {
  let parts = FIELD_PARTS.get(field);
  if (parts === undefined) {
    parts = field.split('.');
    if (FIELD_PARTS.size >= 1000) FIELD_PARTS.clear();
    FIELD_PARTS.set(field, parts);
  }
  return parts;
}

const FIELD_PARTS = new Map<string, readonly string[]>();

/** Whether `obj` satisfies every requirement. */
export function matchesFields(sel: ParsedFieldSelector, obj: KubeObject): boolean {
  for (const r of sel.requirements) {
    const v = fieldValue(obj, r.field);
    if ((v === r.value) !== (r.operator === '=')) return false;
  }
  return true;
}

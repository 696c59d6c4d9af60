/**
 * `metav1.LabelSelector` validation and matching, ported from k8s.io/apimachinery `pkg/apis/meta/v1/validation`
 * (`ValidateLabelSelector`) and `pkg/apis/meta/v1/helpers.go` (`LabelSelectorAsSelector`).
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { JsonObject } from '../json-shape.ts';
import { child, index, readObjects, readString, readStringMap, readArray, typeError, goStringMap } from './shape.ts';
import { validateLabels } from './object-meta.ts';
import { isQualifiedName } from './names.ts';

/** One `matchExpressions` entry, read. */
export interface Requirement {
  key: string;
  operator: string;
  values: string[];
}

/** A selector read out of a request body, ready to match. */
export interface ParsedSelector {
  matchLabels: Record<string, string>;
  matchExpressions: Requirement[];
}

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

/** `ValidateLabelSelector`, returning the parsed selector (undefined only when its shape is unusable). */
export function validateLabelSelector(errs: FieldError[], selector: JsonObject, path: string): ParsedSelector {
  const matchLabels = readStringMap(errs, selector, 'matchLabels', path) ?? {};
  errs.push(...validateLabels(matchLabels, child(path, 'matchLabels')));
  const matchExpressions: Requirement[] = [];
  for (const { item, path: p } of readObjects(errs, selector, 'matchExpressions', path)) {
    const key = readString(errs, item, 'key', p) ?? '';
    const operator = readString(errs, item, 'operator', p) ?? '';
    const rawValues = readArray(errs, item, 'values', p) ?? [];
    const values: string[] = [];
    rawValues.forEach((v, i) => {
      if (typeof v === 'string') values.push(v);
      else errs.push(typeError(index(child(p, 'values'), i), v, 'string'));
    });
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) errs.push(fieldError.required(child(p, 'values'), 'must be specified when `operator` is \'In\' or \'NotIn\''));
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldError.forbidden(child(p, 'values'), 'may not be specified when `operator` is \'Exists\' or \'DoesNotExist\''));
    } else {
      errs.push(fieldError.invalid(child(p, 'operator'), operator, 'not a valid selector operator'));
    }
    for (const msg of isQualifiedName(key)) errs.push(fieldError.invalid(child(p, 'key'), key, msg));
    matchExpressions.push({ key, operator, values });
  }
  return { matchLabels, matchExpressions };
}

/** Whether the selector selects nothing-in-particular (`labels.Selector.Empty()`: no requirements at all). */
export function selectorIsEmpty(s: ParsedSelector): boolean {
  return Object.keys(s.matchLabels).length === 0 && s.matchExpressions.length === 0;
}

/** `Selector.Matches(labels.Set(labels))`. */
export function selectorMatches(s: ParsedSelector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(s.matchLabels)) if (labels[k] !== v) return false;
  for (const r of s.matchExpressions) {
    const has = Object.hasOwn(labels, r.key);
    const v = labels[r.key];
    if (r.operator === 'In' && !(has && r.values.includes(v!))) return false;
    if (r.operator === 'NotIn' && has && r.values.includes(v!)) return false;
    if (r.operator === 'Exists' && !has) return false;
    if (r.operator === 'DoesNotExist' && has) return false;
    if (!(OPERATORS as readonly string[]).includes(r.operator)) return false;
  }
  return true;
}

/** Go's `%#v` of a `*metav1.LabelSelector`, as "field is immutable" messages print it. */
export function goLabelSelector(s: ParsedSelector | undefined): string {
  if (!s) return '(*v1.LabelSelector)(nil)';
  const labels = Object.keys(s.matchLabels).length ? goStringMap(s.matchLabels) : 'map[string]string(nil)';
  const exprs = s.matchExpressions.length
    ? `[]v1.LabelSelectorRequirement{${s.matchExpressions
        .map((r) => `v1.LabelSelectorRequirement{Key:${JSON.stringify(r.key)}, Operator:${JSON.stringify(r.operator)}, Values:[]string{${r.values.map((v) => JSON.stringify(v)).join(', ')}}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `&v1.LabelSelector{MatchLabels:${labels}, MatchExpressions:${exprs}}`;
}

/**
 * Field validation errors as k8s.io/apimachinery/pkg/util/validation/field/errors.go renders them:
 * `spec.replicas: Invalid value: -1: must be greater than or equal to 0`.
 */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

export interface FieldError {
  type: FieldErrorType;
  /** Dotted path with indexes and keys: `spec.template.spec.containers[0].image`, `metadata.labels[app]`. */
  field: string;
  /** The part after "field: ", e.g. `Invalid value: -1: must be greater than or equal to 0`. */
  body: string;
}

/** Upstream's value rendering: strings quoted (%q), numbers and booleans bare, the rest as JSON. */
function renderValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  return JSON.stringify(v);
}

function make(type: FieldErrorType, field: string, value: unknown, detail: string, omitValue = false): FieldError {
  let body = TYPE_TEXT[type];
  if (!omitValue) body += `: ${renderValue(value)}`;
  if (detail) body += `: ${detail}`;
  return { type, field, body };
}

export const fieldError = {
  required: (field: string, detail = '') => make('FieldValueRequired', field, undefined, detail, true),
  forbidden: (field: string, detail: string) => make('FieldValueForbidden', field, undefined, detail, true),
  invalid: (field: string, value: unknown, detail: string) => make('FieldValueInvalid', field, value, detail),
  notSupported: (field: string, value: unknown, supported: readonly string[]) =>
    make('FieldValueNotSupported', field, value, supported.length ? `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` : ''),
  duplicate: (field: string, value: unknown) => make('FieldValueDuplicate', field, value, ''),
  notFound: (field: string, value: unknown) => make('FieldValueNotFound', field, value, ''),
  tooLong: (field: string, maxLength: number) =>
    make('FieldValueTooLong', field, undefined, `may not be more than ${maxLength} bytes`, true),
  tooMany: (field: string, actual: number, max: number) =>
    make('FieldValueTooMany', field, actual, `must have at most ${max} items`),
  /** A value of the wrong JSON type (what the decoder reports before validation). */
  typeInvalid: (field: string, value: unknown, detail: string) => make('FieldValueTypeInvalid', field, value, detail),
};

/** `field.ErrorList.ToAggregate().Error()`: one error as is, several as `[e1, e2]`, duplicates removed. */
export function aggregateFieldErrors(errs: FieldError[]): string {
  const texts = [...new Set(errs.map((e) => `${e.field}: ${e.body}`))];
  return texts.length === 1 ? texts[0]! : `[${texts.join(', ')}]`;
}

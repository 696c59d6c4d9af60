/**
 * Object name rules, with upstream's messages: k8s.io/apimachinery/pkg/util/validation/validation.go
 * (IsDNS1123Subdomain, IsDNS1123Label, IsDNS1035Label) and pkg/api/validation/objectmeta.go (ValidateObjectMeta:
 * "name or generateName is required").
 */
import { fieldError, type FieldError } from '../../api/field-errors.ts';

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';

const SUBDOMAIN_MSG = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${DNS1123_SUBDOMAIN}')`;
const LABEL_MSG = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${DNS1123_LABEL}')`;
const DNS1035_MSG = `a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '${DNS1035_LABEL}')`;

const SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
const LABEL_RE = new RegExp(`^${DNS1123_LABEL}$`);
const DNS1035_RE = new RegExp(`^${DNS1035_LABEL}$`);

/** Which rule a kind's names follow (`ValidateNameFunc` of its validation package). */
export function nameRuleOf(kind: string): 'subdomain' | 'label' | 'dns1035' {
  if (kind === 'Namespace') return 'label';
  if (kind === 'Service') return 'dns1035';
  return 'subdomain';
}

/** Errors of `metadata.name` (already resolved from generateName) for `kind`. */
export function validateName(name: unknown, kind: string): FieldError[] {
  const field = 'metadata.name';
  if (name === undefined || name === null || name === '') return [fieldError.required(field, 'name or generateName is required')];
  if (typeof name !== 'string') return [fieldError.typeInvalid(field, name, 'must be a string')];
  const errs: FieldError[] = [];
  const rule = nameRuleOf(kind);
  if (rule === 'subdomain') {
    if (name.length > 253) errs.push(fieldError.invalid(field, name, 'must be no more than 253 characters'));
    if (!SUBDOMAIN_RE.test(name)) errs.push(fieldError.invalid(field, name, SUBDOMAIN_MSG));
  } else {
    if (name.length > 63) errs.push(fieldError.invalid(field, name, 'must be no more than 63 characters'));
    if (!(rule === 'label' ? LABEL_RE : DNS1035_RE).test(name)) errs.push(fieldError.invalid(field, name, rule === 'label' ? LABEL_MSG : DNS1035_MSG));
  }
  return errs;
}

/** `names.SimpleNameGenerator`: the prefix is cut so prefix + 5 random characters fit in 63. */
export const MAX_GENERATED_NAME_PREFIX = 58;

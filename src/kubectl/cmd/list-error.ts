/**
 * How kubectl's resource builder words a failed list (cli-runtime `pkg/resource/selector.go` Visit): a BadRequest or
 * NotFound from the server keeps its reason, and its message says what was listed:
 * `Unable to list "/v1, Resource=pods": …` without selectors, and with them
 * `Unable to find "/v1, Resource=pods" that match label selector "app=web", field selector "spec.foo=bar": …`
 * (the resource is a GroupVersionResource printed with %q).
 */
import type { ResourceInfo } from '../../sim/api/resources.ts';
import type { Status } from '../../sim/api/status.ts';
import { statusText } from '../command.ts';

export function listErrorText(status: Status, info: ResourceInfo, selectors: { labelSelector?: string; fieldSelector?: string }): string {
  if (status.reason !== 'BadRequest' && status.reason !== 'NotFound') return statusText(status);
  const gvr = `"${info.group}/${info.version}, Resource=${info.resource}"`;
  const label = selectors.labelSelector ?? '';
  const field = selectors.fieldSelector ?? '';
  const message = label === '' && field === '' ? `Unable to list ${gvr}: ${status.message}` : `Unable to find ${gvr} that match label selector ${JSON.stringify(label)}, field selector ${JSON.stringify(field)}: ${status.message}`;
  return statusText({ ...status, message });
}

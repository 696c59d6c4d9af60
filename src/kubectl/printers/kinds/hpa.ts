/**
 * `kubectl get hpa`: printers.go printHorizontalPodAutoscaler and formatHPAMetrics (v1.32: each resource metric is
 * prefixed with its name, "cpu: 40%/50%"; at most two metrics, then "+ N more...").
 */
import type { KubeObject } from '../../../sim/api/object.ts';
import { translateTimestampSince } from '../age.ts';
import { quantityString } from '../quantity.ts';
import { arr, at, num, obj, optNum, str } from '../values.ts';
import { AGE, NAME, type Cell, type KindTable } from './kind-table.ts';

/** `Quantity.String()` of a quantity as its JSON carries it (canonical: "0.5" prints "500m"); "0" when absent. */
function quantity(v: unknown): string {
  return quantityString(v ?? '0');
}

/** formatHPAMetrics of autoscaling/v2 specs and current metrics. */
export function formatHPAMetrics(specs: unknown, statuses: unknown): string {
  const specList = arr(specs);
  const statusList = arr(statuses);
  if (specList.length === 0) return '<none>';
  const list: string[] = [];
  const max = 2;
  let count = 0;
  specList.forEach((specValue, i) => {
    const spec = obj(specValue) ?? {};
    const status = i < statusList.length ? obj(statusList[i]) : undefined;
    switch (spec.type) {
      case 'External':
      case 'Object': {
        const key = spec.type === 'External' ? 'external' : 'object';
        const target = obj(at(spec, key, 'target')) ?? {};
        const cur = obj(at(status, key));
        if (target.averageValue !== undefined) {
          const av = at(cur, 'current', 'averageValue');
          const current = cur && av !== undefined ? quantity(av) : '<unknown>';
          list.push(`${current}/${quantity(target.averageValue)} (avg)`);
        } else {
          const current = cur ? quantity(at(cur, 'current', 'value')) : '<unknown>';
          list.push(`${current}/${quantity(target.value)}`);
        }
        break;
      }
      case 'Pods': {
        const cur = obj(at(status, 'pods'));
        const current = cur ? quantity(at(cur, 'current', 'averageValue')) : '<unknown>';
        list.push(`${current}/${quantity(at(spec, 'pods', 'target', 'averageValue'))}`);
        break;
      }
      case 'Resource':
      case 'ContainerResource': {
        const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
        const source = obj(spec[key]) ?? {};
        const target = obj(source.target) ?? {};
        const cur = obj(at(status, key));
        const name = str(source.name);
        if (target.averageValue !== undefined) {
          const current = cur ? quantity(at(cur, 'current', 'averageValue')) : '<unknown>';
          list.push(`${name}: ${current}/${quantity(target.averageValue)}`);
        } else {
          const util = optNum(at(cur, 'current', 'averageUtilization'));
          const current = cur && util !== undefined ? `${Math.trunc(util)}%` : '<unknown>';
          const t = optNum(target.averageUtilization);
          list.push(`${name}: ${current}/${t !== undefined ? `${Math.trunc(t)}%` : '<auto>'}`);
        }
        break;
      }
      default:
        list.push('<unknown type>');
    }
    count++;
  });
  if (count > max) return `${list.slice(0, max).join(', ')} + ${count - max} more...`;
  return list.join(', ');
}

export const hpaTable: KindTable = {
  columns: [NAME, { name: 'Reference' }, { name: 'Targets' }, { name: 'MinPods' }, { name: 'MaxPods', type: 'integer' }, { name: 'Replicas', type: 'integer' }, AGE],
  row(hpa: KubeObject, now): Cell[] {
    const ref = at(hpa, 'spec', 'scaleTargetRef');
    const min = optNum(at(hpa, 'spec', 'minReplicas'));
    return [
      str(hpa.metadata?.name),
      `${str(at(ref, 'kind'))}/${str(at(ref, 'name'))}`,
      formatHPAMetrics(at(hpa, 'spec', 'metrics'), at(hpa, 'status', 'currentMetrics')),
      min !== undefined ? String(Math.trunc(min)) : '<unset>',
      Math.trunc(num(at(hpa, 'spec', 'maxReplicas'))),
      Math.trunc(num(at(hpa, 'status', 'currentReplicas'))),
      translateTimestampSince(now, hpa.metadata?.creationTimestamp),
    ];
  },
};

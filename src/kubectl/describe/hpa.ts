/** `kubectl describe hpa`: describe.go describeHorizontalPodAutoscalerV2 and printDirectionBehavior (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { arr, at, obj, str } from '../printers/values.ts';
import { d, eventsSection, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, v } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer.ts';
import { quantityString } from '../printers/quantity.ts';

const q = (x: unknown): string => quantityString(x ?? '0');

function printDirectionBehavior(w: PrefixWriter, direction: string, rules: unknown): void {
  const r = obj(rules);
  if (!r) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (typeof r.stabilizationWindowSeconds === 'number') w.write(LEVEL_2, `Stabilization Window: ${d(r.stabilizationWindowSeconds)} seconds\n`);
  const policies = arr(r.policies);
  if (policies.length > 0) {
    w.write(LEVEL_2, `Select Policy: ${typeof r.selectPolicy === 'string' ? r.selectPolicy : 'Max'}\n`);
    w.write(LEVEL_2, 'Policies:\n');
    for (const p of policies.map((x) => obj(x) ?? {})) w.write(LEVEL_3, `- Type: ${str(p.type)}\tValue: ${d(p.value)}\tPeriod: ${d(p.periodSeconds)} seconds\n`);
  }
}

export function describeHPA(hpa: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(hpa.spec) ?? {};
  const status = obj(hpa.status) ?? {};
  const current = arr(status.currentMetrics);
  w.write(LEVEL_0, `Name:\t${str(hpa.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(hpa.metadata?.namespace)}\n`);
  printLabelsMultiline(w, 'Labels', hpa.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', hpa.metadata?.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(hpa.metadata?.creationTimestamp)}\n`);
  const ref = obj(spec.scaleTargetRef) ?? {};
  w.write(LEVEL_0, `Reference:\t${str(ref.kind)}/${str(ref.name)}\n`);
  w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
  arr(spec.metrics).forEach((m, i) => {
    const metric = obj(m) ?? {};
    const cur = i < current.length ? obj(current[i]) : undefined;
    switch (metric.type) {
      case 'External': {
        const target = obj(at(metric, 'external', 'target')) ?? {};
        const name = JSON.stringify(str(at(metric, 'external', 'metric', 'name')));
        const c = obj(at(cur, 'external'));
        if (target.averageValue !== undefined) {
          const av = at(c, 'current', 'averageValue');
          w.write(LEVEL_1, `${name} (target average value):\t${c && av !== undefined ? q(av) : '<unknown>'} / ${q(target.averageValue)}\n`);
        } else {
          w.write(LEVEL_1, `${name} (target value):\t${c ? q(at(c, 'current', 'value')) : '<unknown>'} / ${q(target.value)}\n`);
        }
        break;
      }
      case 'Pods': {
        const c = obj(at(cur, 'pods'));
        w.write(LEVEL_1, `${JSON.stringify(str(at(metric, 'pods', 'metric', 'name')))} on pods:\t${c ? q(at(c, 'current', 'averageValue')) : '<unknown>'} / ${q(at(metric, 'pods', 'target', 'averageValue'))}\n`);
        break;
      }
      case 'Object': {
        const o = obj(metric.object) ?? {};
        w.write(LEVEL_1, `"${str(at(o, 'metric', 'name'))}" on ${str(at(o, 'describedObject', 'kind'))}/${str(at(o, 'describedObject', 'name'))} `);
        const c = obj(at(cur, 'object'));
        if (at(o, 'target', 'type') === 'AverageValue') w.write(LEVEL_0, `(target average value):\t${c ? q(at(c, 'current', 'averageValue')) : '<unknown>'} / ${q(at(o, 'target', 'averageValue'))}\n`);
        else w.write(LEVEL_0, `(target value):\t${c ? q(at(c, 'current', 'value')) : '<unknown>'} / ${q(at(o, 'target', 'value'))}\n`);
        break;
      }
      case 'Resource':
      case 'ContainerResource': {
        const key = metric.type === 'Resource' ? 'resource' : 'containerResource';
        const source = obj(metric[key]) ?? {};
        const target = obj(source.target) ?? {};
        w.write(LEVEL_1, key === 'resource' ? `resource ${str(source.name)} on pods` : `resource ${str(source.name)} of container "${str(source.container)}" on pods`);
        const c = obj(at(cur, key));
        if (target.averageValue !== undefined) {
          w.write(LEVEL_0, `:\t${c ? q(at(c, 'current', 'averageValue')) : '<unknown>'} / ${q(target.averageValue)}\n`);
        } else {
          const util = at(c, 'current', 'averageUtilization');
          const currentText = c && typeof util === 'number' ? `${Math.trunc(util)}% (${q(at(c, 'current', 'averageValue'))})` : '<unknown>';
          const targetText = typeof target.averageUtilization === 'number' ? `${Math.trunc(target.averageUtilization)}%` : '<auto>';
          w.write(LEVEL_1, `(as a percentage of request):\t${currentText} / ${targetText}\n`);
        }
        break;
      }
      default:
        w.write(LEVEL_1, `<unknown metric type ${JSON.stringify(str(metric.type))}>\n`);
    }
  });
  w.write(LEVEL_0, `Min replicas:\t${typeof spec.minReplicas === 'number' ? d(spec.minReplicas) : '<unset>'}\n`);
  w.write(LEVEL_0, `Max replicas:\t${d(spec.maxReplicas)}\n`);
  const behavior = obj(spec.behavior);
  if (behavior) {
    w.write(LEVEL_0, 'Behavior:\n');
    printDirectionBehavior(w, 'Scale Up', behavior.scaleUp);
    printDirectionBehavior(w, 'Scale Down', behavior.scaleDown);
  }
  w.write(LEVEL_0, `${str(ref.kind)} pods:\t`);
  w.write(LEVEL_0, `${d(status.currentReplicas)} current / ${d(status.desiredReplicas)} desired\n`);
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------\t-------\n');
    for (const c of conditions.map((x) => obj(x) ?? {})) w.write(LEVEL_1, `${v(c.type)}\t${v(c.status)}\t${v(c.reason)}\t${v(c.message)}\n`);
  }
  eventsSection(w, hpa, ctx);
  return w.toString();
}

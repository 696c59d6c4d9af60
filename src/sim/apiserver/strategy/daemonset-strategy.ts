/**
 * What the DaemonSet registry strategy adds to the generic one: the template generation, which apps/v1 serves as
 * the annotation `deprecated.daemonset.template.generation` (1 on create, +1 each time `spec.template` changes;
 * a client cannot move it on update). The DaemonSet controller stamps it on its pods as `pod-template-generation`.
 *
 * Upstream: kubernetes `pkg/registry/apps/daemonset/strategy.go` (PrepareForCreate: TemplateGeneration at least 1;
 * PrepareForUpdate: kept from the old object, bumped when the template changes) and `pkg/apis/apps/v1/conversion.go`
 * (Convert_apps_DaemonSet_To_v1_DaemonSet writes the annotation; the reverse reads it).
 *
 * DaemonSets come only with input that loads the simulation's libraries first, so update-strategy.ts reaches this
 * through `libraries().apiserver` (apiserver/on-demand.ts).
 */
import type { KubeObject } from '../../api/object.ts';
import { metaOf } from '../mutable-meta.ts';
import { deepEqual } from './object-diff.ts';

/** `appsv1.DeprecatedTemplateGeneration`. */
export const DEPRECATED_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateGeneration(obj: KubeObject): number | undefined {
  const v = obj.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  return typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
}

function setTemplateGeneration(draft: KubeObject, generation: number): void {
  const m = metaOf(draft);
  m.annotations = { ...(m.annotations ?? {}), [DEPRECATED_TEMPLATE_GENERATION]: String(generation) };
}

/** `PrepareForCreate`: `TemplateGeneration` is at least 1. */
export function prepareDaemonSetForCreate(draft: KubeObject): void {
  setTemplateGeneration(draft, Math.max(1, templateGeneration(draft) ?? 0));
}

/** `PrepareForUpdate`: the old template generation, plus one when `spec.template` changed. */
export function prepareDaemonSetForUpdate(draft: KubeObject, old: KubeObject): void {
  const was = templateGeneration(old) ?? 1;
  const template = (o: KubeObject): unknown => (o.spec as { template?: unknown } | undefined)?.template;
  setTemplateGeneration(draft, deepEqual(template(draft), template(old)) ? was : was + 1);
}

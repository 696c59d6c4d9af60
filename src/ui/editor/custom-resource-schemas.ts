/**
 * The custom resources the editor knows, registered at run time when a CustomResourceDefinition is created. Holds no
 * Monaco: the page may register schemas before the lazy editor chunk has loaded; the editor reads them when it starts
 * and follows later changes.
 */
import type { CustomResourceSchema, JsonSchema } from './kubernetes-schema.ts';

const registered = new Map<string, CustomResourceSchema>();
const listeners = new Set<() => void>();

function keyOf(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Makes the editor validate, complete and hover documents of `apiVersion: <group>/<version>`, `kind: <kind>` with the
 * CRD's `openAPIV3Schema`. Registering the same group/version/kind again replaces its schema.
 */
export function registerCustomResourceSchema(group: string, version: string, kind: string, schema: JsonSchema): void {
  registered.set(keyOf(group, version, kind), { group, version, kind, openAPIV3Schema: schema });
  notify();
}

/** Forgets a custom resource's schema (its CRD was deleted or stopped serving that version). */
export function unregisterCustomResourceSchema(group: string, version: string, kind: string): void {
  if (registered.delete(keyOf(group, version, kind))) notify();
}

/** The registered custom resources, ordered by group, version and kind. */
export function customResourceSchemas(): CustomResourceSchema[] {
  return [...registered.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, cr]) => cr);
}

/** Calls `listener` after each registration change; returns the unsubscribe function. */
export function onCustomResourceSchemasChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

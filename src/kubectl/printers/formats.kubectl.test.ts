/**
 * -o yaml and -o json against kubectl 1.32 itself, on unstructured objects as `kubectl get` holds them:
 * testdata/kubectl-label-local-yaml-json.json holds 80 seeded random ConfigMaps (any JSON under `data`: nested maps
 * and lists, YAML 1.1 look-alike strings, long and multi-line strings, long keys, large and small numbers) with what
 * `kubectl label --local -f <object> foo=bar -o yaml|json` printed for each (that command prints an unstructured
 * object without a server). The printers must print the same, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { printObjects } from './formats.ts';
import type { KubeObject } from '../../sim/api/object.ts';

const cases = JSON.parse(readFileSync(new URL('./testdata/kubectl-label-local-yaml-json.json', import.meta.url), 'utf8')) as { data: unknown; yaml: string; json: string }[];

test.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { foo: 'bar' } }, data: c.data } as unknown as KubeObject;
  expect(printObjects('yaml', [obj], { asList: false, info: () => undefined })).toBe(c.yaml);
  expect(printObjects('json', [obj], { asList: false, info: () => undefined })).toBe(c.json);
});

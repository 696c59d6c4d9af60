/**
 * JSONPath against kubectl 1.32 itself: testdata/kubectl-jsonpath.json holds the output of
 * `kubectl create deployment web --image=nginx:1.27 --replicas=3 --port=80 --dry-run=client -o jsonpath=<template>`
 * for each template, with the object it printed (`-o json`). Errors compare on upstream's own message, the part
 * kubectl wraps in "error parsing jsonpath <t>, …" or "Error executing template: ….".
 *
 * A dry-run object is typed, and kubectl's JSONPath printer round-trips typed objects through JSON into float64
 * numbers, where objects read from a server are unstructured (int64). The cases that see the difference (a number
 * compared with an integer literal, a number in an error text) and those whose order is Go's random map order
 * (`.spec.*`, `..name`) are left out.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseJsonPath, printJsonPath } from './jsonpath.ts';

interface Golden {
  object: unknown;
  cases: { template: string; stdout: string; stderr: string; exit: number }[];
}
const golden = JSON.parse(readFileSync(new URL('./testdata/kubectl-jsonpath.json', import.meta.url), 'utf8')) as Golden;
const SKIP = new Set(['{.spec.*}', '{..name}', '{.spec.template.spec.containers[?(@.ports[0].containerPort==80)].name}', '{.spec.template.spec.containers[?(@.ports[0].containerPort>79.5)].name}', '{.spec.replicas[0]}']);

function upstreamMessage(stderr: string, template: string): string {
  const parse = `error: error parsing jsonpath ${template}, `;
  if (stderr.startsWith(parse)) return stderr.slice(parse.length).replace(/\n$/, '');
  const m = /Error executing template: (.*?)\. Printing more information/s.exec(stderr);
  return m ? m[1]! : stderr;
}

test.each(golden.cases.filter((c) => !SKIP.has(c.template)))('kubectl -o jsonpath=$template', (c) => {
  const p = parseJsonPath(c.template);
  const out = 'error' in p ? p : printJsonPath(p, golden.object);
  if (c.exit === 0) expect(out).toBe(c.stdout);
  else expect(out).toEqual({ error: upstreamMessage(c.stderr, c.template) });
});

/**
 * The same on unstructured objects, as `kubectl get` holds them (int64 and float64 numbers, nulls, nested lists):
 * testdata/kubectl-label-local-jsonpath.json holds 25 seeded random objects and, for each of 21 templates, what
 * `kubectl label --local -f <object> foo=bar -o jsonpath=<template>` printed (or its error). Templates whose
 * output follows Go's random map order (`.*`, `..`) are not among them.
 */
const unstructured = JSON.parse(readFileSync(new URL('./testdata/kubectl-label-local-jsonpath.json', import.meta.url), 'utf8')) as {
  templates: string[];
  objects: { data: unknown; results: ({ out: string } | { error: string })[] }[];
};

test.each(unstructured.objects.map((o, i) => [i, o] as const))('unstructured object %i, every template', (_i, o) => {
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { foo: 'bar' } }, data: o.data };
  unstructured.templates.forEach((template, t) => {
    const p = parseJsonPath(template);
    const got = 'error' in p ? p : printJsonPath(p, obj);
    const want = o.results[t]!;
    expect(got, template).toEqual('out' in want ? want.out : { error: want.error });
  });
});

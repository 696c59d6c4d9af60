/** -o name, -o json, List wrapping (cli-runtime printers/name.go, json.go) and custom columns (kubectl customcolumn.go). */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES } from '../../sim/api/resources.ts';
import { printCustomColumns, printObjects } from './formats.ts';

const deploy: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec: { replicas: 3, template: { spec: { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'busybox' }] } } } };
const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1' }, spec: { nodeName: 'node-1' } };
const infoOf = (o: KubeObject) => BUILTIN_RESOURCES.find((r) => r.kind === o.kind);

describe('printObjects', () => {
  test('-o name: kind.group/name, the core group bare', () => {
    expect(printObjects('name', [deploy, pod], { asList: true, info: infoOf })).toBe('deployment.apps/web\npod/web-1\n');
    expect(printObjects('name', [{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }], { asList: true, info: () => undefined })).toBe('widget.example.com/w\n');
  });
  test('-o json: 4-space indent, sorted keys, HTML characters escaped as Go does', () => {
    expect(printObjects('json', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { b: '<&>', a: '' } }], { asList: false, info: infoOf })).toBe(
      '{\n    "apiVersion": "v1",\n    "data": {\n        "a": "",\n        "b": "\\u003c\\u0026\\u003e"\n    },\n    "kind": "ConfigMap",\n    "metadata": {\n        "name": "x"\n    }\n}\n',
    );
  });
  test('a list asked for, or several objects: kind List with items and an empty resourceVersion', () => {
    expect(printObjects('yaml', [pod], { asList: true, info: infoOf })).toBe('apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: web-1\n  spec:\n    nodeName: node-1\nkind: List\nmetadata:\n  resourceVersion: ""\n');
    expect(printObjects('yaml', [pod], { asList: false, info: infoOf })).toBe('apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\nspec:\n  nodeName: node-1\n');
    expect(printObjects('json', [], { asList: true, info: infoOf })).toBe('{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
  });
  test('a cycle prints an error line instead of throwing', () => {
    const cyclic: Record<string, unknown> = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } };
    cyclic.spec = cyclic;
    expect(printObjects('yaml', [cyclic as KubeObject], { asList: false, info: infoOf })).toMatch(/^error: /);
  });
});

describe('printCustomColumns', () => {
  test('headers as written, "<none>" for no value, several values joined by ",", maps as Go prints them', () => {
    expect(printCustomColumns('NAME:.metadata.name,IMAGES:.spec.template.spec.containers[*].image,NODE:spec.nodeName,LABELS:{.metadata.labels}', [deploy, pod], false)).toBe(
      'NAME    IMAGES          NODE     LABELS\nweb     nginx,busybox   <none>   map[app:web]\nweb-1   <none>          node-1   <none>\n',
    );
    expect(printCustomColumns('N:.metadata.name', [pod], true)).toBe('web-1\n');
  });
  test("kubectl's errors", () => {
    expect(printCustomColumns('', [pod], false)).toEqual({ error: 'custom-columns format specified but no custom columns given' });
    expect(printCustomColumns('NAME', [pod], false)).toEqual({ error: 'unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>' });
    expect(printCustomColumns('NAME:{.a}{.b}', [pod], false)).toEqual({ error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" });
  });
  test('any spec and object: text or { error }, never a throw (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), (spec, o, noHeaders) => {
        const out = printCustomColumns(spec, [o as KubeObject], noHeaders);
        expect(typeof out === 'string' || typeof out.error === 'string').toBe(true);
      }),
      { seed: 5150, numRuns: 1000 },
    );
  });
});

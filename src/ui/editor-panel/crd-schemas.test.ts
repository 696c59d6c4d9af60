import { describe, expect, it } from 'vitest';
import { crdSchemasIn } from './crd-schemas.ts';

describe('crdSchemasIn', () => {
  it('finds each served version of each CRD in a multi-document apply', () => {
    const text = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}
  - name: v0
    served: false
    storage: false
    schema:
      openAPIV3Schema: {type: object}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: x}
`;
    const found = crdSchemasIn(text);
    expect(found.map((f) => `${f.group}/${f.version} ${f.kind}`)).toEqual(['example.com/v1 Widget']);
    expect(found[0]!.schema).toMatchObject({ properties: { spec: { properties: { size: { type: 'integer' } } } } });
  });

  it('ignores documents that are not CRDs or are malformed', () => {
    expect(crdSchemasIn('kind: CustomResourceDefinition\nspec: {group: 1}\n---\n[oops')).toEqual([]);
  });
});

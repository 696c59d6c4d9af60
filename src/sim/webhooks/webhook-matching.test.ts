import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { ruleMatches, webhookMatches, type MatchAttributes, type NamespaceLabels } from './webhook-matching.ts';
import type { RuleWithOperations, Webhook } from './webhook-configuration.ts';

function attrs(over: Partial<MatchAttributes> = {}): MatchAttributes {
  return { operation: 'CREATE', group: 'apps', version: 'v1', resource: 'deployments', subresource: '', namespace: 'default', ...over };
}

const rule = (over: Partial<RuleWithOperations> = {}): RuleWithOperations => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: '*', ...over });

const NO_NAMESPACES: NamespaceLabels = { labelsOfNamespace: () => undefined };

describe('rules (upstream predicates/rules)', () => {
  // [rule resources, subresource of the request, matches]
  const table: Array<[string[], string, boolean]> = [
    [['*'], '', true],
    [['*'], 'scale', false],
    [['*/*'], 'scale', true],
    [['*/*'], '', true],
    [['deployments'], 'scale', false],
    [['deployments/scale'], 'scale', true],
    [['deployments/scale'], '', false],
    [['deployments/*'], 'status', true],
    [['*/scale'], 'scale', true],
    [['replicasets'], '', false],
  ];
  for (const [resources, sub, want] of table) {
    it(`resources ${JSON.stringify(resources)} ${want ? 'match' : 'do not match'} deployments${sub ? `/${sub}` : ''}`, () => {
      expect(ruleMatches(rule({ resources }), attrs({ subresource: sub }))).toBe(want);
    });
  }

  it('operations, groups and versions must each match (or be *)', () => {
    expect(ruleMatches(rule({ operations: ['UPDATE'] }), attrs())).toBe(false);
    expect(ruleMatches(rule({ operations: ['CREATE'] }), attrs())).toBe(true);
    expect(ruleMatches(rule({ apiGroups: [''] }), attrs())).toBe(false);
    expect(ruleMatches(rule({ apiVersions: ['v2'] }), attrs())).toBe(false);
  });

  it('scope: Namespaced excludes cluster-scoped objects and Namespaces; Cluster the reverse', () => {
    expect(ruleMatches(rule({ scope: 'Namespaced' }), attrs())).toBe(true);
    expect(ruleMatches(rule({ scope: 'Cluster' }), attrs())).toBe(false);
    const node = attrs({ group: '', resource: 'nodes', namespace: '' });
    expect(ruleMatches(rule({ scope: 'Namespaced' }), node)).toBe(false);
    expect(ruleMatches(rule({ scope: 'Cluster' }), node)).toBe(true);
    const ns = attrs({ group: '', resource: 'namespaces', namespace: 'prod' });
    expect(ruleMatches(rule({ scope: 'Cluster' }), ns)).toBe(true);
  });
});

describe('selectors (upstream predicates/namespace and predicates/object)', () => {
  const hook = (over: Partial<Webhook>): Webhook => ({ name: 'a.b.c', clientConfig: { url: 'https://x' }, rules: [rule()], ...over });
  const obj = (labels?: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'X', metadata: labels ? { name: 'x', labels } : { name: 'x' } });
  const prodOnly: NamespaceLabels = { labelsOfNamespace: (ns): Record<string, string> => (ns === 'prod' ? { env: 'prod' } : {}) };

  it('namespaceSelector reads the labels of the object namespace', () => {
    const h = hook({ namespaceSelector: { matchLabels: { env: 'prod' } } });
    expect(webhookMatches(h, attrs({ namespace: 'prod' }), prodOnly)).toBe(true);
    expect(webhookMatches(h, attrs({ namespace: 'default' }), prodOnly)).toBe(false);
  });

  it('a cluster-scoped object other than a Namespace always passes the namespaceSelector', () => {
    const h = hook({ namespaceSelector: { matchLabels: { env: 'prod' } } });
    expect(webhookMatches(h, attrs({ group: '', resource: 'nodes', namespace: '' }), NO_NAMESPACES)).toBe(true);
  });

  it('a Namespace is matched against its own labels', () => {
    const h = hook({ namespaceSelector: { matchLabels: { env: 'prod' } } });
    const a = attrs({ group: '', resource: 'namespaces', namespace: '', object: obj({ env: 'prod' }) });
    expect(webhookMatches(h, a, NO_NAMESPACES)).toBe(true);
    expect(webhookMatches(h, { ...a, object: obj({}) }, NO_NAMESPACES)).toBe(false);
  });

  it('objectSelector matches if the new or the old object has the labels (a label being removed still matches)', () => {
    const h = hook({ objectSelector: { matchLabels: { mesh: 'on' } } });
    expect(webhookMatches(h, attrs({ object: obj({ mesh: 'on' }) }), NO_NAMESPACES)).toBe(true);
    expect(webhookMatches(h, attrs({ object: obj({}) }), NO_NAMESPACES)).toBe(false);
    expect(webhookMatches(h, attrs({ operation: 'UPDATE', object: obj({}), oldObject: obj({ mesh: 'on' }) }), NO_NAMESPACES)).toBe(true);
  });

  it('webhook configurations are never sent to webhooks, whatever the rules', () => {
    const a = attrs({ group: 'admissionregistration.k8s.io', resource: 'validatingwebhookconfigurations', namespace: '' });
    expect(webhookMatches(hook({}), a, NO_NAMESPACES)).toBe(false);
  });
});

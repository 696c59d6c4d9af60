import { describe, expect, it } from 'vitest';
import { labelSelectorFromObject, labelSelectorToString, matchesLabels, parseLabelSelector, SelectorParseError } from './label-selector.ts';
import { matchesFields, parseFieldSelector } from './field-selector.ts';
import type { KubeObject } from '../../api/object.ts';

describe('label selectors', () => {
  it('matches equality, inequality, set and existence clauses', () => {
    const sel = parseLabelSelector('app=web, tier in (a,b),!canary,env!=prod');
    expect(matchesLabels(sel, { app: 'web', tier: 'a' })).toBe(true);
    expect(matchesLabels(sel, { app: 'web', tier: 'c' })).toBe(false);
    expect(matchesLabels(sel, { app: 'web', tier: 'b', canary: 'x' })).toBe(false);
    expect(matchesLabels(sel, { app: 'web', tier: 'b', env: 'prod' })).toBe(false);
    expect(matchesLabels(sel, undefined)).toBe(false);
  });
  it('notin and != match objects without the label, as upstream', () => {
    expect(matchesLabels(parseLabelSelector('x notin (a)'), {})).toBe(true);
    expect(matchesLabels(parseLabelSelector('x!=a'), {})).toBe(true);
    expect(matchesLabels(parseLabelSelector('x'), {})).toBe(false);
  });
  it('the empty selector matches everything', () => {
    expect(matchesLabels(parseLabelSelector('  '), undefined)).toBe(true);
  });
  it('gt and lt compare integers', () => {
    expect(matchesLabels(parseLabelSelector('n>3'), { n: '4' })).toBe(true);
    expect(matchesLabels(parseLabelSelector('n<3'), { n: '4' })).toBe(false);
  });
  it('rejects garbage with a parse error', () => {
    expect(() => parseLabelSelector('a in ()')).toThrow(SelectorParseError);
    expect(() => parseLabelSelector('a b c')).toThrow(/unable to parse requirement/);
  });
  it('converts a metav1.LabelSelector and prints it canonically', () => {
    const sel = labelSelectorFromObject({ matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'c', operator: 'In', values: ['y', 'x'] }] });
    expect(labelSelectorToString(sel)).toBe('a=1,b=2,c in (x,y)');
    expect(matchesLabels(sel, { a: '1', b: '2', c: 'x' })).toBe(true);
  });
});

describe('field selectors', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'n1' }, status: { phase: 'Running' } } as KubeObject;
  it('matches = and != on selectable fields', () => {
    expect(matchesFields(parseFieldSelector('spec.nodeName=n1,status.phase!=Pending', 'Pod'), pod)).toBe(true);
    expect(matchesFields(parseFieldSelector('spec.nodeName==n2', 'Pod'), pod)).toBe(false);
    expect(matchesFields(parseFieldSelector('metadata.name=p', 'Pod'), pod)).toBe(true);
  });
  it('an absent field compares as the empty string', () => {
    expect(matchesFields(parseFieldSelector('spec.nodeName=', 'Pod'), { ...pod, spec: {} })).toBe(true);
  });
  it('rejects a field the kind does not support with upstream text', () => {
    expect(() => parseFieldSelector('spec.replicas=1', 'Deployment')).toThrow('field label not supported: spec.replicas');
    expect(() => parseFieldSelector('nonsense', 'Pod')).toThrow(/invalid selector/);
  });
});

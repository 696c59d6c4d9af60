import { describe, expect, it } from 'vitest';
import { ResourceRegistry } from './resource-registry.ts';
import type { ResourceInfo } from '../../api/resources.ts';

const widget: ResourceInfo = {
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  resource: 'widgets',
  singular: 'widget',
  namespaced: true,
  shortNames: ['wd'],
  status: true,
  generation: 'all-but-meta-status',
};

describe('ResourceRegistry', () => {
  it('resolves kubectl-style names of built-ins', () => {
    const r = new ResourceRegistry();
    for (const n of ['deploy', 'deployments', 'deployments.apps', 'Deployment', 'deployment', 'deployments.v1.apps']) {
      expect(r.resolve(n)?.kind).toBe('Deployment');
    }
    expect(r.resolve('po')?.kind).toBe('Pod');
    expect(r.resolve('nope')).toBeUndefined();
  });
  it('looks up by apiVersion and kind, and not by a wrong apiVersion', () => {
    const r = new ResourceRegistry();
    expect(r.lookup('apps/v1', 'Deployment')?.resource).toBe('deployments');
    expect(r.lookup('v1', 'Deployment')).toBeUndefined();
    expect(r.servedVersionsOf('apps', 'Deployment')).toEqual(['v1']);
  });
  it('registers and unregisters custom kinds', () => {
    const r = new ResourceRegistry();
    r.registerCustomResource(widget);
    expect(r.resolve('wd')?.kind).toBe('Widget');
    expect(r.resolve('widgets.example.com')?.kind).toBe('Widget');
    expect(r.isCustom(widget)).toBe(true);
    r.unregister('example.com', 'Widget');
    expect(r.lookup('example.com/v1', 'Widget')).toBeUndefined();
  });
  it('a custom kind cannot shadow a built-in', () => {
    const r = new ResourceRegistry();
    r.registerCustomResource({ ...widget, group: 'apps', kind: 'Deployment', resource: 'deployments' });
    expect(r.lookup('apps/v1', 'Deployment')?.generation).toBe('spec+annotations');
  });
});

import { describe, expect, it } from 'vitest';
import {
  customResourceSchemas,
  onCustomResourceSchemasChange,
  registerCustomResourceSchema,
  unregisterCustomResourceSchema,
} from './custom-resource-schemas.ts';

describe('custom resource schema registry', () => {
  it('lists registrations in a stable order, replaces a re-registered kind, and notifies each change', () => {
    let changes = 0;
    const stop = onCustomResourceSchemasChange(() => changes++);
    registerCustomResourceSchema('z.example.com', 'v1', 'Zed', { type: 'object' });
    registerCustomResourceSchema('a.example.com', 'v1', 'Alpha', { type: 'object' });
    registerCustomResourceSchema('a.example.com', 'v1', 'Alpha', { type: 'object', description: 'again' });
    expect(customResourceSchemas().map((c) => c.kind)).toEqual(['Alpha', 'Zed']);
    expect(customResourceSchemas()[0]!.openAPIV3Schema).toEqual({ type: 'object', description: 'again' });
    unregisterCustomResourceSchema('z.example.com', 'v1', 'Zed');
    unregisterCustomResourceSchema('z.example.com', 'v1', 'Zed');
    expect(customResourceSchemas().map((c) => c.kind)).toEqual(['Alpha']);
    expect(changes).toBe(4);
    stop();
    unregisterCustomResourceSchema('a.example.com', 'v1', 'Alpha');
    expect(changes).toBe(4);
    expect(customResourceSchemas()).toEqual([]);
  });
});

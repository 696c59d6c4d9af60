import { describe, expect, it } from 'vitest';
import { commonPrefix } from './completion.ts';

describe('commonPrefix', () => {
  it('is what every candidate starts with', () => {
    expect(commonPrefix(['deployments', 'deployment', 'deploy'])).toBe('deploy');
    expect(commonPrefix(['web-1', 'api-1'])).toBe('');
    expect(commonPrefix(['only'])).toBe('only');
    expect(commonPrefix([])).toBe('');
  });
});

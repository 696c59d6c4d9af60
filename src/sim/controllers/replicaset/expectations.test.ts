import { describe, expect, it } from 'vitest';
import { EXPECTATIONS_TIMEOUT_MS, UIDTrackingControllerExpectations } from './expectations.ts';

describe('UIDTrackingControllerExpectations', () => {
  it('a controller without expectations may sync', () => {
    expect(new UIDTrackingControllerExpectations().satisfiedExpectations('ns/rs', 0)).toBe(true);
  });

  it('expected creates hold the controller back until each one is observed', () => {
    const e = new UIDTrackingControllerExpectations();
    e.expectCreations('ns/rs', 2, 0);
    expect(e.satisfiedExpectations('ns/rs', 10)).toBe(false);
    e.creationObserved('ns/rs');
    expect(e.satisfiedExpectations('ns/rs', 10)).toBe(false);
    e.creationObserved('ns/rs');
    expect(e.satisfiedExpectations('ns/rs', 10)).toBe(true);
  });

  it('expectations older than five minutes no longer hold the controller back', () => {
    const e = new UIDTrackingControllerExpectations();
    e.expectCreations('ns/rs', 1, 1000);
    expect(e.satisfiedExpectations('ns/rs', 1000 + EXPECTATIONS_TIMEOUT_MS)).toBe(false);
    expect(e.satisfiedExpectations('ns/rs', 1001 + EXPECTATIONS_TIMEOUT_MS)).toBe(true);
    expect(EXPECTATIONS_TIMEOUT_MS).toBe(300_000);
  });

  it('a delete is counted once, and only for a pod that was expected to go', () => {
    const e = new UIDTrackingControllerExpectations();
    e.expectDeletions('ns/rs', ['ns/a', 'ns/b'], 0);
    e.deletionObserved('ns/rs', 'ns/other');
    e.deletionObserved('ns/rs', 'ns/a');
    e.deletionObserved('ns/rs', 'ns/a'); // the deletionTimestamp update, then the delete itself
    expect(e.getExpectations('ns/rs')).toMatchObject({ del: 1 });
    expect(e.getUIDs('ns/rs')).toEqual(['ns/b']);
    e.deletionObserved('ns/rs', 'ns/b');
    expect(e.satisfiedExpectations('ns/rs', 0)).toBe(true);
  });

  it('observations without expectations change nothing; deleting expectations forgets them', () => {
    const e = new UIDTrackingControllerExpectations();
    e.creationObserved('ns/rs');
    expect(e.getExpectations('ns/rs')).toBeUndefined();
    e.expectCreations('ns/rs', 3, 0);
    e.deleteExpectations('ns/rs');
    expect(e.getExpectations('ns/rs')).toBeUndefined();
    expect(e.satisfiedExpectations('ns/rs', 0)).toBe(true);
  });

  it('new expectations replace the old counts', () => {
    const e = new UIDTrackingControllerExpectations();
    e.expectCreations('ns/rs', 3, 0);
    e.expectDeletions('ns/rs', ['ns/a'], 5);
    expect(e.getExpectations('ns/rs')).toEqual({ add: 0, del: 1, key: 'ns/rs', timestamp: 5 });
  });
});

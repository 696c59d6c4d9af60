import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { defaultImagePullPolicy, imageMessages, shouldPullImage } from './image-pull';
import { shouldContainerBeRestarted } from './restart-policy';

describe('image pulls', () => {
  it('defaults to Always for latest or untagged images and IfNotPresent otherwise', () => {
    expect(defaultImagePullPolicy('nginx')).toBe('Always');
    expect(defaultImagePullPolicy('nginx:latest')).toBe('Always');
    expect(defaultImagePullPolicy('registry:5000/team/nginx')).toBe('Always');
    expect(defaultImagePullPolicy('nginx:1.27')).toBe('IfNotPresent');
    expect(defaultImagePullPolicy('nginx@sha256:abc')).toBe('IfNotPresent');
  });
  it('pulls by policy and presence', () => {
    expect(shouldPullImage({ name: 'c', image: 'nginx:1.27' }, true)).toBe(false);
    expect(shouldPullImage({ name: 'c', image: 'nginx:1.27' }, false)).toBe(true);
    expect(shouldPullImage({ name: 'c', image: 'nginx:1.27', imagePullPolicy: 'Always' }, true)).toBe(true);
    expect(shouldPullImage({ name: 'c', image: 'nginx', imagePullPolicy: 'Never' }, false)).toBe(false);
  });
  it('words its events as the kubelet does', () => {
    expect(imageMessages.pulling('nginx:1.27')).toBe('Pulling image "nginx:1.27"');
    expect(imageMessages.backOff('nginx:nope')).toBe('Back-off pulling image "nginx:nope"');
  });
});

describe('restart policy (ShouldContainerBeRestarted)', () => {
  const pod = (restartPolicy?: string, deleting = false): Pod => ({ metadata: { name: 'p', ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) }, spec: { containers: [], ...(restartPolicy ? { restartPolicy } : {}) } });
  it('Always restarts, OnFailure only after a failure, Never never, and a deleting pod never', () => {
    expect(shouldContainerBeRestarted(pod(), 0)).toBe(true);
    expect(shouldContainerBeRestarted(pod('OnFailure'), 0)).toBe(false);
    expect(shouldContainerBeRestarted(pod('OnFailure'), 1)).toBe(true);
    expect(shouldContainerBeRestarted(pod('Never'), 1)).toBe(false);
    expect(shouldContainerBeRestarted(pod('Always', true), 1)).toBe(false);
    expect(shouldContainerBeRestarted(pod('Never'), 0, true)).toBe(true);
  });
});

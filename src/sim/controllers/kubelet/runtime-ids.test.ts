import { describe, expect, it } from 'vitest';
import { containerIDOf, imageIDOf, imageSizeOf, nodeIndexOf, podIPOf } from './runtime-ids.ts';

describe('runtime ids', () => {
  it('image IDs are repository digests, qualified as the runtime reports them', () => {
    expect(imageIDOf('nginx:1.27')).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(imageIDOf('bitnami/redis:7')).toMatch(/^docker\.io\/bitnami\/redis@sha256:/);
    expect(imageIDOf('registry.k8s.io/pause:3.10')).toMatch(/^registry\.k8s\.io\/pause@sha256:/);
    expect(imageIDOf('localhost:5000/app:1')).toMatch(/^localhost:5000\/app@sha256:/);
  });

  it('container IDs differ per attempt and are stable per input', () => {
    expect(containerIDOf('u', 'web', 0)).toBe(containerIDOf('u', 'web', 0));
    expect(containerIDOf('u', 'web', 0)).not.toBe(containerIDOf('u', 'web', 1));
    expect(containerIDOf('u', 'web', 0)).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
  });

  it('node addresses come from a trailing number in the name, else a hash in 1..250', () => {
    expect(nodeIndexOf('node-7')).toBe(7);
    const h = nodeIndexOf('gpu-a');
    expect(h).toBeGreaterThanOrEqual(1);
    expect(h).toBeLessThanOrEqual(250);
    expect(podIPOf('node-7', 0)).toBe('10.244.7.2');
  });

  it('image sizes are fixed per image', () => {
    expect(imageSizeOf('nginx:1.27')).toBe(imageSizeOf('nginx:1.27'));
    expect(imageSizeOf('nginx:1.27')).toBeGreaterThanOrEqual(20_000_000);
  });
});

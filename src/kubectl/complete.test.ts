import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete } from './complete.ts';
import { targetOf } from './target.ts';
import { webCluster } from './testing/fixture.ts';

describe('tab completion', () => {
  const sim = webCluster();
  const target = targetOf(sim);
  const pods = sim.listObjects('pods').map((p) => p.metadata.name!);

  it('completes commands, subcommands and flags', () => {
    expect(complete('kubectl sc', 10, target)).toEqual({ from: 8, candidates: ['scale'] });
    expect(complete('ro', 2, target)).toEqual({ from: 0, candidates: ['rollout'] });
    expect(complete('kubectl rollout u', 17, target)).toEqual({ from: 16, candidates: ['undo'] });
    expect(complete('kubectl scale deploy web --re', 29, target).candidates).toEqual(['--replicas']);
  });

  it('completes resource types with short names, and object names of the type typed', () => {
    expect(complete('kubectl get dep', 15, target).candidates).toEqual(['deploy', 'deployments']);
    expect(complete('kubectl get pods ', 17, target)).toEqual({ from: 17, candidates: pods });
    expect(complete('kubectl delete deploy/w', 23, target)).toEqual({ from: 22, candidates: ['web'] });
    expect(complete('kubectl drain no', 16, target).candidates).toEqual(['node-1', 'node-2', 'node-3']);
    expect(complete('kubectl logs ', 13, target).candidates).toEqual(pods);
  });

  it('completes namespaces after -n and formats after -o', () => {
    expect(complete('kubectl get pods -n kube-', 25, target).candidates).toEqual(['kube-node-lease', 'kube-public', 'kube-system']);
    expect(complete('kubectl get pods -o y', 21, target)).toEqual({ from: 20, candidates: ['yaml'] });
    expect(complete('kubectl get pods --namespace=de', 31, target)).toEqual({ from: 29, candidates: ['default'] });
  });

  it('offers the editor buffers after -f', () => {
    expect(complete('kubectl apply -f w', 18, target, ['web.yaml', 'api.yaml'])).toEqual({ from: 17, candidates: ['web.yaml'] });
  });

  it('never throws', () => {
    for (const line of ['', '"', "kubectl get '", 'kubectl nope ', 'kubectl get pods -n', 'x'.repeat(10_000)]) {
      expect(() => complete(line, line.length, target)).not.toThrow();
      expect(() => complete(line, -5, target)).not.toThrow();
      expect(() => complete(line, Number.NaN, target)).not.toThrow();
    }
  });

  it('never throws, and from is inside the line (property)', () => {
    const words = fc.constantFrom('kubectl', 'get', 'pods', 'deploy/', 'deploy/w', '-n', '--namespace=', '-o', '-f', 'rollout', 'undo', 'drain', 'logs', 'explain', 'set', 'image', '"', "'", '--', '-', ' ');
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string({ maxLength: 6 })), { maxLength: 8 }), fc.integer({ min: -5, max: 100 }), (parts, cursor) => {
        const line = parts.join(' ');
        const c = complete(line, cursor, target, ['a.yaml']);
        expect(c.from).toBeGreaterThanOrEqual(0);
        expect(c.from).toBeLessThanOrEqual(line.length);
        expect(Array.isArray(c.candidates)).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

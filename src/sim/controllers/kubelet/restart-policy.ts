/**
 * Whether the kubelet restarts an exited container.
 *
 * Ported from kubernetes `pkg/kubelet/container/helpers.go` (ShouldContainerBeRestarted).
 */
import type { Pod } from 'kubernetes-types/core/v1';

/**
 * `ShouldContainerBeRestarted` for a container that has exited with `exitCode`: never for a pod being deleted;
 * restartPolicy Never ⇒ no, OnFailure ⇒ only on a non-zero exit, Always (the default) ⇒ yes.
 * @remarks the per-container restartPolicy/restartPolicyRules (alpha) are not modelled; sidecars always restart.
 */
export function shouldContainerBeRestarted(pod: Pod, exitCode: number, isSidecar = false): boolean {
  if (pod.metadata?.deletionTimestamp) return false;
  if (isSidecar) return true;
  const policy = pod.spec?.restartPolicy ?? 'Always';
  if (policy === 'Never') return false;
  if (policy === 'OnFailure') return exitCode !== 0;
  return true;
}

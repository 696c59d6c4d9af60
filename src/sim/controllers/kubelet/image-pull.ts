/**
 * Image pulls: the pull policy a container gets, whether the kubelet pulls, and the reasons and messages it
 * reports while pulling or backing off.
 *
 * Ported from kubernetes `pkg/apis/core/v1/defaults.go` (SetDefaults_Container: imagePullPolicy),
 * `pkg/kubelet/images/image_manager.go` (shouldPullImage, EnsureImageExists messages, the back-off) and
 * `pkg/kubelet/images/types.go` (ErrImagePull, ImagePullBackOff).
 */
import type { Container } from 'kubernetes-types/core/v1';

/** Container waiting reasons. */
export const ERR_IMAGE_PULL = 'ErrImagePull';
export const IMAGE_PULL_BACK_OFF = 'ImagePullBackOff';
export const ERR_IMAGE_NEVER_PULL = 'ErrImageNeverPull';
/** Image pulls back off like crash loops: 10 s doubling to 300 s (`flowcontrol.NewBackOff(10s, 300s)`). */
export const IMAGE_BACKOFF_PERIOD_MS = 10_000;
export const MAX_IMAGE_BACKOFF_MS = 300_000;

/** Event reasons (`pkg/kubelet/events`). */
export const PULLING_IMAGE = 'Pulling';
export const PULLED_IMAGE = 'Pulled';
export const FAILED_TO_PULL_IMAGE = 'Failed';
export const BACK_OFF_PULL_IMAGE = 'BackOff';

/** The tag of an image reference ("" when it has none or only a digest). */
function imageTag(image: string): string {
  const noDigest = image.split('@')[0] ?? '';
  const lastSlash = noDigest.lastIndexOf('/');
  const lastColon = noDigest.lastIndexOf(':');
  return lastColon > lastSlash ? noDigest.slice(lastColon + 1) : '';
}

/** Defaulting: Always for ":latest" or an untagged image (without a digest), IfNotPresent otherwise. */
export function defaultImagePullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  const tag = imageTag(image);
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** `shouldPullImage`: Never ⇒ no; Always ⇒ yes; IfNotPresent ⇒ only when the node lacks the image. */
export function shouldPullImage(container: Container, imagePresent: boolean): boolean {
  const policy = container.imagePullPolicy ?? defaultImagePullPolicy(container.image ?? '');
  if (policy === 'Never') return false;
  if (policy === 'Always') return true;
  return !imagePresent;
}

/** The kubelet's event and waiting messages, verbatim. */
export const imageMessages = {
  pulling: (image: string) => `Pulling image ${JSON.stringify(image)}`,
  alreadyPresent: (image: string) => `Container image ${JSON.stringify(image)} already present on machine`,
  pulled: (image: string, duration: string, withWaiting: string, sizeBytes: number) =>
    `Successfully pulled image ${JSON.stringify(image)} in ${duration} (${withWaiting} including waiting). Image size: ${sizeBytes} bytes.`,
  failed: (image: string, err: string) => `Failed to pull image ${JSON.stringify(image)}: ${err}`,
  backOff: (image: string) => `Back-off pulling image ${JSON.stringify(image)}`,
  neverPull: (image: string) => `Container image ${JSON.stringify(image)} is not present with pull policy of Never`,
} as const;

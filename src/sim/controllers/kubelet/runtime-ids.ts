/**
 * Deterministic identities the container runtime and the node hand out: container IDs, image IDs and sizes, the
 * node's InternalIP and pod CIDR, pod IPs. Real ones are random (or content hashes); ours are hashes of names so
 * that the same run gives the same IDs.
 *
 * Shapes follow containerd and the kubelet: `containerd://<64 hex>`, `docker.io/library/nginx@sha256:<64 hex>`,
 * pod IPs from the node's `10.244.<n>.0/24` (kube-controller-manager's --cluster-cidr 10.244.0.0/16 as kind uses).
 *
 * @remarks IPs are derived from the node name (a trailing number, else a hash), not allocated: two nodes whose
 * names hash alike could share a CIDR, and pod IPs are a per-kubelet counter that starts again after a restart
 * (a pod keeps the IP already in its status).
 */
import { fnv32a } from '../deployment/pod-template-hash.ts';
import { flattenString } from '../../engine/clone-graph.ts';
import { intern } from '../../engine/intern.ts';

const encoder = new TextEncoder();

/** fnv-32a of `s`'s UTF-8 bytes. */
export function hash32(s: string, seed = 0x811c9dc5): number {
  // An ASCII character is its own one UTF-8 byte: hashed from the string, with no byte array made.
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return fnv32a(encoder.encode(s), seed);
    h = Math.imul(h ^ c, 0x01000193) >>> 0;
  }
  return h;
}

/** 64 hex digits derived from `s` (eight chained fnv-32a rounds, round i over "i:" + s). */
export function hex64(s: string): string {
  let out = '';
  let h = 0x811c9dc5;
  for (let i = 0; i < 8; i++) {
    // fnv-32a runs byte by byte: "i:" + s is "i:" hashed, then s from there.
    h = hash32(s, hash32(ROUND_PREFIXES[i]!, h));
    out += h.toString(16).padStart(8, '0');
  }
  return flattenString(out);
}

const ROUND_PREFIXES = ['0:', '1:', '2:', '3:', '4:', '5:', '6:', '7:'];

/** `containerd://<id>` of one run (attempt) of a container in a pod. */
export function containerIDOf(podUID: string, container: string, attempt: number): string {
  return flattenString(`containerd://${hex64(`${podUID}/${container}/${attempt}`)}`);
}

/** The repository digest the runtime reports: "nginx:1.27" → "docker.io/library/nginx@sha256:…" (one copy per image). */
export function imageIDOf(image: string): string {
  let id = imageIDs.get(image);
  if (id === undefined) {
    if (imageIDs.size >= 1024) imageIDs.clear();
    id = intern(repositoryDigestOf(image));
    imageIDs.set(image, id);
  }
  return id;
}

/** Image → its digest, a pure cache: every container of an image reports the same one. */
const imageIDs = new Map<string, string>();

function repositoryDigestOf(image: string): string {
  const noTag = image.split('@')[0]!.replace(/:[^/:]*$/, '');
  const parts = noTag.split('/');
  const qualified = parts.length === 1 ? `docker.io/library/${noTag}` : parts[0]!.includes('.') || parts[0]!.includes(':') ? noTag : `docker.io/${noTag}`;
  return `${qualified}@sha256:${hex64(image)}`;
}

/** A plausible compressed image size in bytes (20–80 MB), fixed per image. */
export function imageSizeOf(image: string): number {
  return 20_000_000 + (hash32(image) % 60_000_000);
}

/** The node's index in addresses: a trailing number in its name ("node-3" → 3) up to 250, else a hash. */
export function nodeIndexOf(nodeName: string): number {
  const m = /(\d+)$/.exec(nodeName);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 250 ? n : (hash32(nodeName) % 250) + 1;
}

/** The node's InternalIP (kind's docker network: 172.18.0.<n+1>): one copy per node, every pod's hostIP. */
export function nodeIPOf(nodeName: string): string {
  return intern(`172.18.0.${nodeIndexOf(nodeName) + 1}`);
}

/** The node's spec.podCIDR. */
export function podCIDROf(nodeName: string): string {
  return `10.244.${nodeIndexOf(nodeName)}.0/24`;
}

/** The `n`-th pod IP on the node (from .2; wraps within the /24). */
export function podIPOf(nodeName: string, n: number): string {
  return `10.244.${nodeIndexOf(nodeName)}.${2 + (n % 252)}`;
}

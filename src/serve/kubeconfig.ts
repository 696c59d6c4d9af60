/**
 * The kubeconfig `loopscope serve` writes: one cluster, user and context, all named `loopscope`, pointing kubectl
 * at the served API over plain HTTP on the loopback address. No credentials: the served API asks for none.
 */
export const KUBECONFIG_NAME = 'loopscope';

/** The kubeconfig text (YAML) for a server at `server` ("http://127.0.0.1:16443"). */
export function kubeconfigText(server: string): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: ${KUBECONFIG_NAME}
  cluster:
    server: ${server}
users:
- name: ${KUBECONFIG_NAME}
  user: {}
contexts:
- name: ${KUBECONFIG_NAME}
  context:
    cluster: ${KUBECONFIG_NAME}
    user: ${KUBECONFIG_NAME}
    namespace: default
current-context: ${KUBECONFIG_NAME}
preferences: {}
`;
}

/**
 * Argo CD's names and the `Application` CustomResourceDefinition (argo-cd `manifests/crds/application-crd.yaml`,
 * `pkg/apis/application/v1alpha1/types.go`), which the argocd-application-controller process applies at start so
 * that Applications are real API objects.
 *
 * @remarks The schema keeps the fields this simulation reads and lets the rest through
 * (`x-kubernetes-preserve-unknown-fields`); like upstream's CRD it has no status subresource (the controller patches
 * `status` on the main resource).
 */
import type { KubeObject } from '../api/object.ts';
/** The field manager of Argo CD's server-side applies (`common.ArgoCDSSAManager`). */
export const ARGOCD_FIELD_MANAGER = 'argocd-controller';
/** The namespace Argo CD runs in and keeps its Applications in. */
export const ARGOCD_NAMESPACE = 'argocd';
/** The default resource tracking label (`application.instanceLabelKey`): its value is the Application's name. */
export const TRACKING_LABEL = 'app.kubernetes.io/instance';
/** `timeout.reconciliation`: every Application is refreshed (Git polled) this often. */
export const RECONCILIATION_TIMEOUT_MS = 180_000;
/** `--self-heal-timeout-seconds`: the least time between two self-heal syncs to the same revision. */
export const SELF_HEAL_TIMEOUT_MS = 5_000;

export const APPLICATION_API_VERSION = 'argoproj.io/v1alpha1';
export const APPLICATION_KIND = 'Application';

/** `spec` of an Application, as far as the simulation reads it. */
export interface ApplicationSpec {
  source?: { repoURL?: string; path?: string; targetRevision?: string };
  destination?: { server?: string; namespace?: string };
  project?: string;
  syncPolicy?: { automated?: { prune?: boolean; selfHeal?: boolean }; syncOptions?: string[] };
  ignoreDifferences?: Array<{ group?: string; kind: string; name?: string; namespace?: string; jsonPointers?: string[]; managedFieldsManagers?: string[] }>;
}

export function applicationCRD(): KubeObject {
  const open = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'applications.argoproj.io', labels: { 'app.kubernetes.io/name': 'applications.argoproj.io', 'app.kubernetes.io/part-of': 'argocd' } },
    spec: {
      group: 'argoproj.io',
      scope: 'Namespaced',
      names: { plural: 'applications', singular: 'application', kind: 'Application', listKind: 'ApplicationList', shortNames: ['app', 'apps'] },
      versions: [
        {
          name: 'v1alpha1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              required: ['spec'],
              properties: {
                spec: {
                  type: 'object',
                  required: ['destination'],
                  'x-kubernetes-preserve-unknown-fields': true,
                  properties: {
                    source: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { path: { type: 'string' }, repoURL: { type: 'string' }, targetRevision: { type: 'string' } } },
                    destination: { type: 'object', properties: { server: { type: 'string' }, namespace: { type: 'string' }, name: { type: 'string' } } },
                    project: { type: 'string' },
                    syncPolicy: open,
                    ignoreDifferences: { type: 'array', items: open },
                  },
                },
                status: open,
                operation: open,
              },
            },
          },
        },
      ],
    },
  };
}

/** The argocd Namespace, created with the controller as Argo CD's install manifests expect it. */
export function argocdNamespace(): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ARGOCD_NAMESPACE } };
}

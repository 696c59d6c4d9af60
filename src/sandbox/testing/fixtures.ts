/** What the sandbox's tests share: the templates' sources (read from controllers/) and the CronBackup CRD. */
import { readFileSync } from 'node:fs';

/** A controller template's source, `controllers/<name>.ts`. */
export function template(name: string): string {
  return readFileSync(new URL(`../../../controllers/${name}.ts`, import.meta.url), 'utf8');
}

export const CRON_BACKUP_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: cronbackups.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { plural: cronbackups, singular: cronbackup, kind: CronBackup }
  versions:
    - name: v1
      served: true
      storage: true
      subresources: { status: {} }
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                schedule: { type: string }
                target: { type: string }
                image: { type: string }
            status:
              type: object
              properties:
                cronJob: { type: string }
                ready: { type: boolean }
                observedGeneration: { type: integer }
`;

export function cronBackup(name: string, schedule = '*/5 * * * *'): string {
  return `apiVersion: example.com/v1
kind: CronBackup
metadata: { name: ${name}, namespace: default }
spec: { schedule: "${schedule}", target: db }
`;
}

/**
 * The built-in controllers the sandbox's tests run beside the user's: what their workloads need (Deployments, CronJobs
 * and Jobs, scheduling, pods, owner-reference garbage collection), and no more, so the tests stay fast.
 */
export const TEST_CONTROLLERS = [
  'replicaset-controller',
  'deployment-controller',
  'default-scheduler',
  'kubelet',
  'garbage-collector-controller',
  'cronjob-controller',
  'job-controller',
];

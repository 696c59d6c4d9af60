/** The kinds whose admission is loaded on demand (on-demand.ts), by "group/Kind": a module of its own, so the page's first script can name them without loading their code. */
export type OnDemandKind = 'apps/DaemonSet' | 'apps/StatefulSet' | '/PersistentVolumeClaim' | 'batch/Job' | 'batch/CronJob' | 'autoscaling/HorizontalPodAutoscaler' | 'apiextensions.k8s.io/CustomResourceDefinition';

export const ON_DEMAND_KINDS: readonly OnDemandKind[] = ['apps/DaemonSet', 'apps/StatefulSet', '/PersistentVolumeClaim', 'batch/Job', 'batch/CronJob', 'autoscaling/HorizontalPodAutoscaler', 'apiextensions.k8s.io/CustomResourceDefinition'];

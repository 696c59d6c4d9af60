/**
 * The controllers the cluster runs, registered once at module load. Each controller folder exports a descriptor
 * (controller-host.ts); add new ones here.
 */
import { registerControllers } from './controller-registry.ts';
import { replicaSetControllerDescriptor } from '../controllers/replicaset/descriptor.ts';
import { deploymentControllerDescriptor } from '../controllers/deployment/descriptor.ts';
import { schedulerDescriptor } from '../controllers/scheduler/descriptor.ts';
import { kubeletDescriptor } from '../controllers/kubelet/descriptor.ts';
import { nodeLifecycleControllerDescriptor } from '../controllers/nodelifecycle/descriptor.ts';
import { taintEvictionControllerDescriptor } from '../controllers/tainteviction/descriptor.ts';
import { garbageCollectorDescriptor } from '../controllers/garbagecollector/descriptor.ts';
import { jobControllerDescriptor } from '../controllers/job/descriptor.ts';
import { cronJobControllerDescriptor } from '../controllers/cronjob/descriptor.ts';
import { ttlAfterFinishedControllerDescriptor } from '../controllers/ttlafterfinished/descriptor.ts';
import { endpointSliceControllerDescriptor } from '../controllers/endpointslice/descriptor.ts';
import { horizontalPodAutoscalerControllerDescriptor } from '../controllers/podautoscaler/descriptor.ts';
import { statefulSetControllerDescriptor } from '../controllers/statefulset/descriptor.ts';
import { daemonSetControllerDescriptor } from '../controllers/daemonset/descriptor.ts';
import { podGCControllerDescriptor } from '../controllers/podgc/descriptor.ts';
import { namespaceControllerDescriptor } from '../controllers/namespace/descriptor.ts';
import { argocdApplicationControllerDescriptor } from '../gitops/descriptor.ts';

registerControllers(replicaSetControllerDescriptor, deploymentControllerDescriptor, schedulerDescriptor, kubeletDescriptor, nodeLifecycleControllerDescriptor, taintEvictionControllerDescriptor, garbageCollectorDescriptor, endpointSliceControllerDescriptor, jobControllerDescriptor, cronJobControllerDescriptor, ttlAfterFinishedControllerDescriptor, horizontalPodAutoscalerControllerDescriptor, daemonSetControllerDescriptor, podGCControllerDescriptor, namespaceControllerDescriptor, statefulSetControllerDescriptor, argocdApplicationControllerDescriptor);

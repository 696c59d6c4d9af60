/**
 * The controllers' logic that is loaded on demand (see cluster/on-demand-controller.ts): each builder makes a
 * controller's reconciler and handlers from its shell's inputs. Loaded with the other on-demand libraries
 * (`src/sim/libraries.ts`); nothing in the page's first script imports this module.
 */
import { cronJobLogic } from './cronjob/logic.ts';
import { daemonSetLogic } from './daemonset/logic.ts';
import { jobLogic } from './job/logic.ts';
import { horizontalPodAutoscalerLogic } from './podautoscaler/logic.ts';
import { statefulSetLogic } from './statefulset/logic.ts';
import { ttlAfterFinishedLogic } from './ttlafterfinished/logic.ts';

export const controllerLogic = {
  job: jobLogic,
  cronjob: cronJobLogic,
  ttlAfterFinished: ttlAfterFinishedLogic,
  horizontalPodAutoscaler: horizontalPodAutoscalerLogic,
  daemonset: daemonSetLogic,
  statefulset: statefulSetLogic,
};

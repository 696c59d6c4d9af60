/**
 * The argocd-application-controller's descriptor: a shell whose build is loaded on demand (logic.ts, with the
 * application controller, its diff and health checks and the CRD installer). The cluster adds the `argocd` process
 * only when GitOps is turned on (a scenario's or link's `gitops` option, or the first `git-commit` action), and every
 * such input loads the simulation's libraries first, so the build never meets them missing. The controller's name is
 * here, not with Argo CD's other names (application-crd.ts, on demand), as the cluster needs it from the start.
 */
import type { ControllerDescriptor, ControllerHost } from '../cluster/controller-host.ts';
import type { Controller } from '../controller/controller.ts';
import { libraries } from '../libraries.ts';

/** The controller's name, and its process's ("argocd-application-controller"). */
export const ARGOCD_APPLICATION_CONTROLLER = 'argocd-application-controller';

export const argocdApplicationControllerDescriptor: ControllerDescriptor = {
  name: ARGOCD_APPLICATION_CONTROLLER,
  process: 'argocd',
  build(host: ControllerHost): Controller {
    return libraries().gitops.buildArgocdApplicationController(host);
  },
};

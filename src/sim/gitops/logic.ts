/**
 * How the argocd-application-controller runs: a process of its own ("argocd-application-controller", kind
 * `argocd`, created by the cluster only when GitOps is enabled), one Application informer, a refresh queue with 20
 * workers (`--status-processors`), writes as "argocd-controller". At start the process applies the argocd Namespace
 * and the Application CRD (as Argo CD's install manifests would) and watches Applications once they are served.
 *
 * Ported from argo-cd `cmd/argocd-application-controller/commands/argocd_application_controller.go` and
 * `controller/appcontroller.go` (NewApplicationController).
 *
 * @remarks One queue: upstream's separate operation queue (`--operation-processors`) is folded into the refresh.
 *
 * Loaded on demand with the simulation's libraries (GitOps is turned on by a scenario, a link or a `git-commit`
 * action, all of which load them first); descriptor.ts is the registered shell.
 */
import { Client } from '../client/client.ts';
import type { ControllerHost } from '../cluster/controller-host.ts';
import { Controller } from '../controller/controller.ts';
import type { Runnable } from '../controller/controller-manager.ts';
import type { Transport } from '../controller/transport.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import { ApplicationController } from './application-controller.ts';
import { applicationCRD, argocdNamespace, ARGOCD_FIELD_MANAGER } from './application-crd.ts';
import { ARGOCD_APPLICATION_CONTROLLER } from './descriptor.ts';

/** `--status-processors` default. */
export const STATUS_PROCESSORS = 20;
/** Wait before retrying a failed install request. */
const INSTALL_RETRY_MS = 1000;

/** Applies the argocd Namespace, then the Application CRD, then starts the Application informer. */
export class CrdInstaller implements Runnable {
  private running = false;
  /** 0: namespace, 1: CRD, 2: done. */
  private step = 0;
  private token = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly transport: Transport,
    private readonly controller: ApplicationController,
  ) {}

  start(): void {
    this.running = true;
    this.send();
  }

  stop(): void {
    this.running = false;
    this.token++;
  }

  /** Timer target and first call: sends the current step's apply. */
  send(): void {
    if (!this.running || this.step >= 2) return;
    const obj = this.step === 0 ? argocdNamespace() : applicationCRD();
    this.transport.send(
      { verb: 'patch', apiVersion: obj.apiVersion, kind: obj.kind, name: obj.metadata.name!, patchType: 'application/apply-patch+yaml', body: obj, fieldManager: ARGOCD_FIELD_MANAGER, force: true, user: ARGOCD_APPLICATION_CONTROLLER },
      this,
      'onReply',
      ++this.token,
    );
  }

  /** Transport reply. */
  onReply(token: number, response: ApiResponse): void {
    if (!this.running || token !== this.token) return;
    if (!response.ok) {
      this.ctx.scheduler.after(INSTALL_RETRY_MS, this, 'send');
      return;
    }
    this.step++;
    if (this.step < 2) this.send();
    else this.controller.watchApplications();
  }
}

/** The controller and its installer, built when the argocd process starts (GitOps on: the libraries are in). */
export function buildArgocdApplicationController(host: ControllerHost): Controller {
  const ac = new ApplicationController(host.informers, host.runtime, host.eventRecorder(ARGOCD_APPLICATION_CONTROLLER));
  const controller = new Controller(host.ctx, {
    name: ARGOCD_APPLICATION_CONTROLLER,
    reconciler: ac,
    workers: STATUS_PROCESSORS,
    transport: host.transport,
    client: new Client(ARGOCD_APPLICATION_CONTROLLER, { fieldManager: ARGOCD_FIELD_MANAGER }),
  });
  ac.runner = controller;
  host.addRunnable('crd-installer', new CrdInstaller(host.ctx, host.transport, ac));
  return controller;
}

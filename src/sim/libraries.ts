/**
 * The third-party libraries the simulation needs for some inputs only, loaded before the first input that needs them:
 *
 * - `yaml` reads manifest and scenario text (a cluster fed parsed objects never needs it);
 * - `ajv` compiles a CustomResourceDefinition's openAPIV3Schema;
 * - `croner` reads a CronJob's schedule;
 * - `fast-json-patch` applies a JSON patch (a person's `kubectl patch --type json`, a mutating webhook's answer);
 * - the logic of the controllers that do nothing until an object of their kind exists (Job, CronJob,
 *   TTL-after-finished, HPA, DaemonSet, StatefulSet: `controllers/on-demand.ts`, `cluster/on-demand-controller.ts`);
 * - GitOps (the argocd-application-controller and the Git repository: `gitops/on-demand.ts`), turned on only by a
 *   scenario, a link or a `git-commit` action;
 * - the admission (defaults and validation) of the kinds only such input brings, custom resources included
 *   (`apiserver/admission/on-demand.ts`), and the admission webhooks' dispatcher (`webhooks/on-demand.ts`);
 * - the api-server's request paths only such input brings (`apiserver/on-demand.ts`: /scale, JSON patch, the known
 *   fields of the on-demand kinds, a CRD's kinds, the DaemonSet's strategy);
 * - what only a person's actions ask of the cluster (`cluster/on-demand.ts`: every action but an apply, YAML text,
 *   a user controller's build);
 * - the parts of the first script's controllers only such input reaches (`controllers/on-demand-parts.ts`: the
 *   legacy Deployment rollback, the garbage collector's CRD monitors, the emptying of a terminating namespace).
 *
 * The page's first frame (the default demo, sent as objects) needs none of them, so the worker loads them on demand
 * ({@link loadLibraries}, one `import()` each) before it hands the simulation a command that may need them, and holds
 * later commands until they are in (src/worker/needs-libraries.ts; src/worker/first-script.property.test.ts holds that
 * what it lets through never reaches them). The simulation itself stays synchronous and deterministic: it reads them
 * through {@link libraries}, which throws if they were not loaded (a bug in the caller). The api-server turns a throw
 * inside a request into a 500 and a reconcile's into a requeue, so a miss is also remembered ({@link librariesMissed})
 * for the worker to report. Node entry points (the CLI, the benchmarks, the tests' setup file) load them before their
 * first simulation.
 */
import type * as Yaml from 'yaml';
import type AjvClass from 'ajv';
import type { Cron } from 'croner';
import type * as JsonPatch from 'fast-json-patch/index.mjs';
import type { controllerLogic } from './controllers/on-demand.ts';
import type * as GitOps from './gitops/on-demand.ts';
import type * as Admission from './apiserver/admission/on-demand.ts';
import type * as Webhooks from './webhooks/on-demand.ts';
import type * as ApiServerOnDemand from './apiserver/on-demand.ts';
import type * as ClusterOnDemand from './cluster/on-demand.ts';
import type * as ControllerParts from './controllers/on-demand-parts.ts';

/** The builders of the controllers whose logic is loaded on demand (cluster/on-demand-controller.ts). */
export type OnDemandControllerLogic = typeof controllerLogic;

export interface Libraries {
  yaml: typeof Yaml;
  Ajv: typeof AjvClass;
  Cron: typeof Cron;
  jsonPatch: typeof JsonPatch;
  /** The Job, CronJob, TTL-after-finished, HPA, DaemonSet and StatefulSet controllers' logic. */
  controllers: OnDemandControllerLogic;
  /** GitOps: the argocd-application-controller and the repository (gitops/on-demand.ts). */
  gitops: typeof GitOps;
  /** The admission (defaults, validation) of the kinds only a person's input brings (apiserver/admission/on-demand.ts). */
  admission: typeof Admission;
  /** The admission webhooks' dispatcher and configurations (webhooks/on-demand.ts). */
  webhooks: typeof Webhooks;
  /** The api-server's request paths that only a person's input or an on-demand controller brings (apiserver/on-demand.ts). */
  apiserver: typeof ApiServerOnDemand;
  /** What only a person's actions ask of the cluster (cluster/on-demand.ts). */
  cluster: typeof ClusterOnDemand;
  /** The parts of first-script controllers that only a person's input reaches (controllers/on-demand-parts.ts). */
  controllerParts: typeof ControllerParts;
}

let loaded: Libraries | undefined;
let loading: Promise<Libraries> | undefined;
let missed = false;

/** Loads the libraries once; later calls return the same promise. A failed load (offline page) can be retried. */
export function loadLibraries(): Promise<Libraries> {
  if (loaded) return Promise.resolve(loaded);
  // fast-json-patch's CommonJS entry has no named exports under Node's ESM loader; its ESM build does, everywhere.
  loading ??= Promise.all([import('yaml'), import('ajv'), import('croner'), import('fast-json-patch/index.mjs'), import('./controllers/on-demand.ts'), import('./gitops/on-demand.ts'), import('./apiserver/admission/on-demand.ts'), import('./webhooks/on-demand.ts'), import('./apiserver/on-demand.ts'), import('./cluster/on-demand.ts'), import('./controllers/on-demand-parts.ts')]).then(
    ([yaml, ajv, croner, jsonPatch, controllers, gitops, admission, webhooks, apiserver, cluster, controllerParts]) =>
      (loaded = { yaml, Ajv: ajv.default, Cron: croner.Cron, jsonPatch, controllers: controllers.controllerLogic, gitops, admission, webhooks, apiserver, cluster, controllerParts }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

export function librariesLoaded(): boolean {
  return loaded !== undefined;
}

/** The loaded libraries; throws if {@link loadLibraries} has not finished (the caller forgot to await it). */
export function libraries(): Libraries {
  if (!loaded) {
    missed = true;
    throw new Error('the on-demand libraries (yaml, ajv, croner, fast-json-patch, the on-demand controllers and request paths) are not loaded: await loadLibraries() before this input');
  }
  return loaded;
}

/** Whether anything asked for the libraries before they were loaded (whatever caught the error it got). */
export function librariesMissed(): boolean {
  return missed;
}

/**
 * Defaults of coordination.k8s.io/v1 Lease and discovery.k8s.io/v1 EndpointSlice, from kubernetes
 * `pkg/apis/discovery/v1/defaults.go` (`SetDefaults_EndpointPort`). Lease has no defaults upstream.
 */
import { objectsIn, setDefault, type JsonObject } from '../json-shape.ts';

/** `SetDefaults_EndpointPort`: name "" and protocol TCP. */
export function defaultEndpointSlice(obj: JsonObject): void {
  for (const port of objectsIn(obj, 'ports')) {
    setDefault(port, 'name', '');
    setDefault(port, 'protocol', 'TCP');
  }
}

/** Lease: `pkg/apis/coordination/v1` has no defaulting functions. */
export function defaultLease(_obj: JsonObject): void {}

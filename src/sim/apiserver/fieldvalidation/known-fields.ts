/**
 * The fields each API type declares: the table generated from the pinned kubernetes-types (v1.30's OpenAPI types)
 * plus what that source lacks, listed by hand with the reason:
 *
 * - fields the simulation models from later releases (its controllers follow upstream master): the ReplicaSet and
 *   Deployment `status.terminatingReplicas` (1.33, DeploymentReplicaSetTerminatingReplicas), the Pod's
 *   `status.observedGeneration` and its conditions' `observedGeneration` (1.33, PodObservedGenerationTracking),
 *   the HPA's `behavior.scale{Up,Down}.tolerance` (1.33, HPAConfigurableTolerance);
 * - fields kubernetes-types lacks: admissionregistration's `RuleWithOperations` embeds `Rule` inline
 *   (`resources`, `scope`), and apiextensions' `JSONSchemaProps` has the `x-kubernetes-*` extensions.
 */
import { KIND_ROOTS, KNOWN_FIELDS as GENERATED } from './known-fields.generated.ts';

const EXTRA_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ReplicaSetStatus: { terminatingReplicas: '' },
  DeploymentStatus: { terminatingReplicas: '' },
  PodStatus: { observedGeneration: '' },
  PodCondition: { observedGeneration: '' },
  HPAScalingRules: { tolerance: '' },
  RuleWithOperations: { resources: '', scope: '' },
  JSONSchemaProps: {
    'x-kubernetes-embedded-resource': '',
    'x-kubernetes-int-or-string': '',
    'x-kubernetes-list-map-keys': '',
    'x-kubernetes-list-type': '',
    'x-kubernetes-map-type': '',
    'x-kubernetes-preserve-unknown-fields': '',
    'x-kubernetes-validations': '',
  },
};

/** Type name → field → `T`, `[]T`, `{}T` or '' (see known-fields.generated.ts). */
export const KNOWN_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(GENERATED).map(([type, fields]) => [type, EXTRA_FIELDS[type] ? { ...fields, ...EXTRA_FIELDS[type] } : fields]),
);

export { KIND_ROOTS };

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
 *
 * The types only the kinds whose admission is on demand reach (a Job's, an HPA's, a CRD's schema...) are a table of
 * their own, loaded with the simulation's libraries (known-fields-on-demand.generated.ts, through
 * `libraries().apiserver`): a walk from any other kind's root meets only types of the first table (its test holds it
 * closed), and objects of those kinds come only with input that loads the libraries first.
 */
import { libraries } from '../../libraries.ts';
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

type KnownFields = Readonly<Record<string, Readonly<Record<string, string>>>>;

function withExtraFields(table: KnownFields): KnownFields {
  return Object.fromEntries(Object.entries(table).map(([type, fields]) => [type, EXTRA_FIELDS[type] ? { ...fields, ...EXTRA_FIELDS[type] } : fields]));
}

const FIRST_SCRIPT_FIELDS = withExtraFields(GENERATED);
let onDemandFields: KnownFields | undefined;

/**
 * The fields of the struct type `type` (field → `T`, `[]T`, `{}T` or '': see known-fields.generated.ts), or undefined
 * for a type the tables do not describe.
 */
export function knownFields(type: string): Readonly<Record<string, string>> | undefined {
  return FIRST_SCRIPT_FIELDS[type] ?? (onDemandFields ??= withExtraFields(libraries().apiserver.ON_DEMAND_KNOWN_FIELDS))[type];
}

export { KIND_ROOTS };

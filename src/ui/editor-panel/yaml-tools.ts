/**
 * What the editor panel does with YAML text: syntax and api-server markers, the CRDs an apply served, and the live
 * object written back as YAML. It needs the yaml library (about 30 KB gzip), which the first frame does not, so the
 * panel imports this module on demand ({@link loadYamlTools}), preloaded once the first frame is painted.
 */
export { statusMarkers, syntaxMarkers } from '../editor/markers.ts';
export { crdSchemasIn } from './crd-schemas.ts';
export { stringify } from 'yaml';

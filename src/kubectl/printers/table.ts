/**
 * `kubectl get` as a table: the columns and cells of each kind (what kube-apiserver's TableConvertor returns, from
 * kubernetes `pkg/printers/internalversion/printers.go`), decorated and laid out as kubectl's cli-runtime
 * `printers/tableprinter.go` does: NAMESPACE first with -A, "kind.group/" before the name when several kinds are
 * printed, -L label columns and LABELS (--show-labels) last, priority-1 columns only with -o wide, headers upper case,
 * and the cells aligned by a tabwriter (3 spaces of padding).
 *
 * Printing nothing for no objects (and the "No resources found in default namespace." message) is the caller's.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { configMapTable, eventTable, namespaceTable, nodeTable, serviceTable } from './kinds/core.ts';
import { customResourceTable, printerColumnsOf } from './kinds/custom-resource.ts';
import { hpaTable } from './kinds/hpa.ts';
import type { Cell, KindTable, TableColumn } from './kinds/kind-table.ts';
import { createdAtTable, defaultTable, endpointSliceTable, leaseTable, webhookConfigurationTable } from './kinds/misc.ts';
import { podTable } from './kinds/pod.ts';
import { cronJobTable, deploymentTable, jobTable, replicaSetTable } from './kinds/workloads.ts';
import { controllerRevisionTable, daemonSetTable } from './kinds/daemonset.ts';
import { persistentVolumeClaimTable, statefulSetTable } from './kinds/statefulset.ts';
import { sortObjects } from './sort.ts';
import type { TabWriter } from './tabwriter.ts';
import { goTabwriter } from './text-tabwriter.ts';
import { formatLabels, goSprint, stringMap } from './values.ts';

export interface TableOptions {
  /** Virtual milliseconds; ages are computed against it. */
  now: number;
  wide: boolean;
  showLabels: boolean;
  /** -L: one column per label key, headed by the key's last path segment in upper case. */
  labelColumns?: string[];
  noHeaders: boolean;
  withNamespace: boolean;
  /** NAME as "deployment.apps/web": when several kinds are printed (`kubectl get all`, `get deploy,rs`). */
  withKind: boolean;
  /** --sort-by: a JSONPath ("{.metadata.name}" or ".metadata.name"). An invalid one leaves the order as given. */
  sortBy?: string;
  /** For a custom resource: its CustomResourceDefinition, whose additionalPrinterColumns make the columns. */
  customResourceDefinition?: KubeObject;
  /**
   * `get -w --output-watch-events`: the watch event of these rows, printed first in an EVENT column as kubectl
   * pads it ("ADDED   ", "MODIFIED", "DELETED ", "ERROR   ").
   */
  watchEvent?: string;
  /**
   * A writer that remembers column widths across calls (kubectl's RememberWidths), for `get -w`: pass the same one
   * for each batch of watch rows so that they stay aligned with the header.
   */
  writer?: TabWriter;
}

const BUILTIN_TABLES: Record<string, KindTable> = {
  '/Pod': podTable,
  '/Service': serviceTable,
  '/Node': nodeTable,
  '/Namespace': namespaceTable,
  '/ConfigMap': configMapTable,
  '/Event': eventTable,
  '/PersistentVolumeClaim': persistentVolumeClaimTable,
  'apps/Deployment': deploymentTable,
  'apps/ReplicaSet': replicaSetTable,
  'apps/DaemonSet': daemonSetTable,
  'apps/ControllerRevision': controllerRevisionTable,
  'apps/StatefulSet': statefulSetTable,
  'batch/Job': jobTable,
  'batch/CronJob': cronJobTable,
  'autoscaling/HorizontalPodAutoscaler': hpaTable,
  'coordination.k8s.io/Lease': leaseTable,
  'discovery.k8s.io/EndpointSlice': endpointSliceTable,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': webhookConfigurationTable,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': webhookConfigurationTable,
  'apiextensions.k8s.io/CustomResourceDefinition': createdAtTable,
};

/** The server-side table of a kind: a built-in printer, a CRD's printer columns, or NAME/AGE. */
export function kindTable(info: Pick<ResourceInfo, 'group' | 'kind' | 'version'>, crd?: KubeObject): KindTable {
  const builtin = BUILTIN_TABLES[`${info.group}/${info.kind}`];
  if (builtin) return builtin;
  if (crd) return customResourceTable(printerColumnsOf(crd, info.version));
  return defaultTable;
}

/** `schema.GroupKind.String()` in lower case: "deployment.apps", "pod". */
export function groupKindPrefix(info: Pick<ResourceInfo, 'group' | 'kind'>): string {
  return (info.group ? `${info.kind}.${info.group}` : info.kind).toLowerCase();
}

const ESC = String.fromCharCode(0x1b);
const hasCellSpecial = (s: string): boolean => /[\f\n\r]/.test(s) || s.includes(ESC);

/** tableprinter.go appendCellValue: cut at the first line break (adding "..."), and escape ESC and CR. */
function cellText(cell: Cell | undefined): string {
  const s = goSprint(cell);
  if (!hasCellSpecial(s)) return s;
  const br = s.search(/[\f\n\r]/);
  const escape = (t: string): string => t.replaceAll(ESC, '^[').replaceAll('\r', '\\r');
  return br >= 0 ? `${escape(s.slice(0, br))}...` : escape(s);
}

/** tableprinter.go formattedEventType. */
const FORMATTED_EVENT_TYPE: Record<string, string> = { ADDED: 'ADDED   ', MODIFIED: 'MODIFIED', DELETED: 'DELETED ', ERROR: 'ERROR   ' };

/** cli-runtime formatLabelHeaders: "app.kubernetes.io/name" → "NAME". */
function labelHeader(key: string): string {
  const parts = key.split('/');
  return parts[parts.length - 1]!.toUpperCase();
}

/** The header and rows of a table, as cells (before the tabwriter); exported for callers that lay out several. */
export function tableLines(info: ResourceInfo, objects: readonly KubeObject[], opts: TableOptions): string[][] {
  const table = kindTable(info, opts.customResourceDefinition);
  const visible = table.columns.map((c: TableColumn) => opts.wide || !c.priority);
  const nameColumn = opts.withKind ? table.columns.findIndex((c) => c.format === 'name') : -1;
  const prefix = groupKindPrefix(info);
  const labelKeys = opts.labelColumns ?? [];
  const lines: string[][] = [];
  const sorted = opts.sortBy ? sortObjects(objects, opts.sortBy) : objects;
  const ordered = Array.isArray(sorted) ? sorted : objects;

  const eventCell = opts.watchEvent === undefined ? undefined : (FORMATTED_EVENT_TYPE[opts.watchEvent] ?? opts.watchEvent);
  if (!opts.noHeaders) {
    if (ordered.length === 0) return [];
    const header: string[] = [];
    if (eventCell !== undefined) header.push('EVENT');
    if (opts.withNamespace) header.push('NAMESPACE');
    table.columns.forEach((c, i) => visible[i] && header.push(c.name.toUpperCase()));
    for (const key of labelKeys) header.push(labelHeader(key));
    if (opts.showLabels) header.push('LABELS');
    lines.push(header);
  }
  for (const o of ordered) {
    let cells: Cell[];
    try {
      cells = table.row(o, opts.now);
    } catch {
      // A printer meeting a shape it cannot read (a getter, a cycle): the row keeps its name, as kubectl would show
      // an object it could not convert, rather than losing the whole table.
      cells = [typeof o?.metadata?.name === 'string' ? o.metadata.name : ''];
    }
    const line: string[] = [];
    if (eventCell !== undefined) line.push(eventCell);
    if (opts.withNamespace) line.push(cellText(typeof o?.metadata?.namespace === 'string' ? o.metadata.namespace : ''));
    table.columns.forEach((_, i) => {
      if (!visible[i]) return;
      const text = cellText(cells[i]);
      line.push(i === nameColumn ? `${prefix}/${text}` : text);
    });
    const labels = stringMap(o?.metadata?.labels);
    for (const key of labelKeys) line.push(cellText(labels[key] ?? ''));
    if (opts.showLabels) line.push(cellText(formatLabels(labels)));
    lines.push(line);
  }
  return lines;
}

/** The table `kubectl get` prints for `objects` of one kind: header and rows, each line ending in "\n". */
export function printTable(info: ResourceInfo, objects: KubeObject[], opts: TableOptions): string {
  const lines = tableLines(info, objects, opts);
  if (lines.length === 0) return '';
  if (opts.writer) return opts.writer.format(lines);
  // Through Go's tabwriter algorithm itself, so that a tab inside a cell (an event message, a label value) splits
  // it into two cells and shifts the rest of its line, as it does in kubectl.
  return goTabwriter(`${lines.map((l) => l.join('\t')).join('\n')}\n`, TABLE_TABWRITER);
}

/** cli-runtime GetNewTabWriter: minwidth 6, padding 3, pad character ' '. */
const TABLE_TABWRITER = { minwidth: 6, padding: 3, padchar: ' ' };

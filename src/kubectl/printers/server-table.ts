/**
 * The `meta.k8s.io/v1` Table the api-server returns to `kubectl get` (Accept: application/json;as=Table;g=meta.k8s.io;v=v1),
 * built from the same columns and cells the in-page tables print (kinds/*.ts, from kubernetes
 * `pkg/printers/internalversion/printers.go`), so real kubectl against a served simulation prints what the page's
 * console prints. As the api-server's TableConvertor: every column (priority 1 ones too: kubectl drops them unless
 * -o wide), one row per object, each row's object as `includeObject` asks (None, Metadata: a PartialObjectMetadata,
 * the default; Object: the whole object, which kubectl asks for with --sort-by), and the row conditions of
 * finished pods (printers.go podSuccessConditions / podFailedConditions).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import type { Cell } from './kinds/kind-table.ts';
import { kindTable } from './table.ts';
import { obj } from './values.ts';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TableRowCondition {
  type: 'Completed';
  status: 'True';
  reason: string;
  message: string;
}

export interface TableRow {
  cells: Cell[];
  conditions?: TableRowCondition[];
  object?: unknown;
}

export interface MetaV1Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: { resourceVersion?: string; continue?: string };
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

export interface ServerTableOptions {
  now: number;
  includeObject?: 'None' | 'Metadata' | 'Object';
  /** The list's resourceVersion. */
  resourceVersion?: string;
  customResourceDefinition?: KubeObject;
}

/** metav1.PartialObjectMetadata of an object: what includeObject=Metadata embeds. */
function partialObjectMetadata(o: KubeObject): unknown {
  const { managedFields: _managedFields, ...metadata } = obj(o?.metadata) ?? {};
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata };
}

const POD_CONDITIONS: Record<string, TableRowCondition> = {
  Succeeded: { type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' },
  Failed: { type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' },
};

/** The Table of `objects` of one kind. Never throws: a row a printer cannot read keeps the object's name. */
export function serverTable(info: ResourceInfo, objects: readonly KubeObject[], opts: ServerTableOptions): MetaV1Table {
  const table = kindTable(info, opts.customResourceDefinition);
  const include = opts.includeObject ?? 'Metadata';
  const rows = objects.map((o): TableRow => {
    let cells: Cell[];
    try {
      cells = table.row(o, opts.now);
    } catch {
      cells = [typeof o?.metadata?.name === 'string' ? o.metadata.name : ''];
    }
    const row: TableRow = { cells };
    if (info.group === '' && info.kind === 'Pod') {
      const condition = POD_CONDITIONS[String(obj(o?.status)?.phase)];
      if (condition) row.conditions = [condition];
    }
    if (include === 'Object') row.object = o;
    else if (include === 'Metadata') row.object = partialObjectMetadata(o);
    return row;
  });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: opts.resourceVersion === undefined ? {} : { resourceVersion: opts.resourceVersion },
    columnDefinitions: table.columns.map((c) => ({ name: c.name, type: c.type ?? 'string', format: c.format ?? '', description: '', priority: c.priority ?? 0 })),
    rows,
  };
}

/**
 * Tables of custom resources, as apiextensions-apiserver serves them (`pkg/registry/customresource/tableconvertor`):
 * NAME, then the served version's additionalPrinterColumns (or, without any, AGE from .metadata.creationTimestamp).
 * Each column's JSONPath is evaluated with missing keys allowed; a "string" column prints the first result as the
 * JSONPath printer would, other types go through cellForJSONValue ("date" becomes an age; a value of the wrong type
 * prints nothing).
 */
import type { KubeObject } from '../../../sim/api/object.ts';
import { parseTimestamp, humanDuration } from '../age.ts';
import { findJsonPathResults, parseJsonPath, printValue, type JsonPath } from '../jsonpath.ts';
import { arr, at, obj, str } from '../values.ts';
import { NAME, type Cell, type KindTable, type TableColumn } from './kind-table.ts';

interface PrinterColumn {
  column: TableColumn;
  path: JsonPath | undefined;
}

/** The additionalPrinterColumns of `version` in a CRD object (apiextensions.k8s.io/v1). */
export function printerColumnsOf(crd: KubeObject | undefined, version: string): unknown[] | undefined {
  if (!crd) return undefined;
  for (const v of arr(at(crd, 'spec', 'versions'))) {
    if (obj(v)?.name === version) {
      const cols = obj(v)?.additionalPrinterColumns;
      return Array.isArray(cols) ? cols : undefined;
    }
  }
  return undefined;
}

const DEFAULT_COLUMNS = [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];

function cellForJSONValue(type: string, value: unknown, now: number): Cell {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      const t = parseTimestamp(value);
      return t === undefined ? '<invalid>' : humanDuration(now - t);
    }
  }
  return null;
}

/** The table of a custom resource whose CRD declares `columns` (undefined or empty: the default AGE column). */
export function customResourceTable(columns: unknown[] | undefined): KindTable {
  const defs = columns && columns.length > 0 ? columns : DEFAULT_COLUMNS;
  const printerColumns: PrinterColumn[] = defs.map((c) => {
    const col = obj(c) ?? {};
    const parsed = parseJsonPath(`{${str(col.jsonPath)}}`);
    return {
      column: { name: str(col.name), type: str(col.type), priority: typeof col.priority === 'number' ? col.priority : 0 },
      path: 'error' in parsed ? undefined : parsed,
    };
  });
  return {
    columns: [NAME, ...printerColumns.map((p) => p.column)],
    row(o, now): Cell[] {
      const cells: Cell[] = [str(o.metadata?.name)];
      for (const { column, path } of printerColumns) {
        const results = path ? findJsonPathResults(path, o) : { error: 'invalid' };
        if (!Array.isArray(results) || results.length === 0 || results[0]!.length === 0) {
          cells.push(null);
          continue;
        }
        const value = results[0]![0];
        cells.push(column.type === 'string' ? printValue(value) : cellForJSONValue(column.type ?? '', value, now));
      }
      return cells;
    },
  };
}

/**
 * The shape of a server-side Table, as kube-apiserver builds it (`metav1.Table`): column definitions, each with a
 * priority (0 = always shown, 1 = only with `-o wide`), and one row of cells per object. Printers always build the
 * wide row, as the api-server's TableConvertor does (`GenerateOptions{Wide: true}`), and the table printer drops the
 * priority columns when `-o wide` was not asked.
 */
import type { KubeObject } from '../../../sim/api/object.ts';

export interface TableColumn {
  /** As in printers.go ("Nominated Node"); the header is its upper case. */
  name: string;
  /** 0: shown always; 1: with -o wide. */
  priority?: number;
  /** "name" marks the column that gets the kind prefix when several kinds are printed. */
  format?: 'name';
  type?: string;
}

/** A cell as the Table's JSON carries it: kubectl prints it with Go's fmt.Sprint; null prints nothing. */
export type Cell = string | number | boolean | null;

export interface KindTable {
  columns: readonly TableColumn[];
  row(obj: KubeObject, now: number): Cell[];
}

/** The containers' names and images, comma-separated (printers.go `layoutContainerCells`). */
export function layoutContainerCells(containers: unknown): [string, string] {
  const names: string[] = [];
  const images: string[] = [];
  if (Array.isArray(containers)) {
    for (const c of containers) {
      const o = typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {};
      names.push(typeof o.name === 'string' ? o.name : '');
      images.push(typeof o.image === 'string' ? o.image : '');
    }
  }
  return [names.join(','), images.join(',')];
}

export const NAME: TableColumn = { name: 'Name', format: 'name', type: 'string' };
export const AGE: TableColumn = { name: 'Age', type: 'string' };

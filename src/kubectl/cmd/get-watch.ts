/**
 * `kubectl get -w` as a poll: after each move of the simulation the console asks for the lines since the last poll,
 * one row per object that changed (added, modified, or deleted: its last state), in resourceVersion order, as
 * kubectl's watch loop prints each event (kubectl `pkg/cmd/get/get.go` watch). Columns keep the widths of what was
 * printed before and only grow, as kubectl's tab writer with `RememberWidths` (liggitt/tabwriter) does.
 *
 * @remarks A poll sees the state at that moment: an object changed twice between two polls prints one row (the
 * console polls once per frame, so only changes within one frame fold together).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { formatDuration } from '../../sim/engine/clock.ts';
import type { KubectlWatch } from '../command.ts';
import { withoutManagedFields, type OutputFormat } from '../output-format.ts';
import { printObjects } from '../printers/formats.ts';
import { printTable, type TableOptions } from '../printers/table.ts';
import { TabWriter } from '../printers/tabwriter.ts';
import type { KubectlTarget, SelectOptions } from '../target.ts';

export interface GetWatchOptions {
  info: ResourceInfo;
  namespace: string | undefined;
  name?: string;
  selectors: SelectOptions;
  format: OutputFormat;
  /** --show-managed-fields: keep metadata.managedFields in -o yaml|json. */
  showManagedFields?: boolean;
  table: TableOptions;
}

function key(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

function rv(o: KubeObject): number {
  const n = Number(o.metadata.resourceVersion);
  return Number.isFinite(n) ? n : 0;
}

export class GetWatch implements KubectlWatch {
  private seen = new Map<string, KubeObject>();
  /** kubectl's RememberWidths tab writer: rows stay aligned with the header and the rows before them. */
  private writer = new TabWriter();
  private headerPrinted = false;
  private yamlDocs = 0;

  constructor(private readonly opts: GetWatchOptions) {}

  /** Takes the initial state; returns the initial listing (when `print`). */
  start(initial: readonly KubeObject[], print = true): string {
    this.seen = new Map(initial.map((o) => [key(o), o]));
    return print ? this.emit([...initial], this.opts.table.now) : '';
  }

  poll(target: KubectlTarget): string {
    const current = this.read(target);
    if (current === undefined) return '';
    const changed: KubeObject[] = [];
    const next = new Map<string, KubeObject>();
    for (const o of current) {
      const k = key(o);
      next.set(k, o);
      const before = this.seen.get(k);
      if (!before || before.metadata.resourceVersion !== o.metadata.resourceVersion) changed.push(o);
    }
    const deleted: KubeObject[] = [];
    for (const [k, o] of this.seen) if (!next.has(k)) deleted.push(o);
    this.seen = next;
    changed.sort((a, b) => rv(a) - rv(b));
    return this.emit([...changed, ...deleted], target.now);
  }

  timelineMoved(target: KubectlTarget): string {
    const current = this.read(target) ?? [];
    this.seen = new Map(current.map((o) => [key(o), o]));
    this.writer = new TabWriter();
    this.headerPrinted = false;
    const note = `-- the timeline moved: the state at ${formatDuration(target.now)} follows --\n`;
    return note + this.emit(current, target.now);
  }

  private read(target: KubectlTarget): KubeObject[] | undefined {
    const { info, namespace, name, selectors } = this.opts;
    if (name !== undefined) {
      const o = target.get(info, namespace, name);
      return o ? [o] : [];
    }
    const res = target.select(info, namespace, selectors);
    return 'status' in res ? undefined : res;
  }

  private emit(objects: KubeObject[], now: number): string {
    if (objects.length === 0) return '';
    const { format, info } = this.opts;
    if (format.kind === 'name') return printObjects('name', objects, { asList: true, info: () => info });
    if (format.kind === 'yaml' || format.kind === 'json') {
      let out = '';
      for (const o of objects) {
        const shown = this.opts.showManagedFields ? o : withoutManagedFields(o);
        const text = printObjects(format.kind, [shown], { asList: false, info: () => info });
        out += format.kind === 'yaml' && this.yamlDocs++ > 0 ? `---\n${text}` : text;
      }
      return out;
    }
    const table: TableOptions = { ...this.opts.table, now, writer: this.writer, noHeaders: this.opts.table.noHeaders || this.headerPrinted };
    delete table.sortBy;
    this.headerPrinted = true;
    return printTable(info, objects, table);
  }
}

/**
 * `kubectl events` (kubectl `pkg/cmd/events/events.go`, `event_printer.go`): the namespace's Events (or all
 * namespaces') sorted by when they last happened (SortableEvents: series' last observed time, else lastTimestamp,
 * else eventTime), as LAST SEEN, TYPE, REASON, OBJECT (Kind/name), MESSAGE; "3m (x4 over 10m)" for repeated ones;
 * `--for TYPE/NAME`, `--types`, `-o yaml|json|name`. `kubectl get events` is different: the api-server's order (by
 * name), as upstream (kubernetes/kubernetes#29838 is still open).
 *
 * @remarks `-w` is not offered here; `kubectl get events -w` streams them.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { type Command, type CommandContext, CmdError } from '../command.ts';
import { parseOutputFormat, printNonTable } from '../output-format.ts';
import { parseTimestamp, translateTimestampSince } from '../printers/age.ts';
import { formatColumns } from '../printers/tabwriter.ts';
import { parseResourceArgs } from '../args/resource-args.ts';
import { ALL_NAMESPACES_FLAG } from './common-flags.ts';

interface EventShape {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
  involvedObject?: { kind?: string; name?: string; namespace?: string };
}

/** SortableEvents' eventTime. */
function when(e: EventShape): number {
  return parseTimestamp(e.series?.lastObservedTime ?? (e.lastTimestamp || undefined) ?? e.eventTime) ?? 0;
}

/** event_printer.go getInterval. */
function interval(now: number, e: EventShape): string {
  const first = e.eventTime ? translateTimestampSince(now, e.eventTime) : translateTimestampSince(now, e.firstTimestamp);
  if (e.series) return `${translateTimestampSince(now, e.series.lastObservedTime)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${translateTimestampSince(now, e.lastTimestamp)} (x${e.count} over ${first})`;
  return first;
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (ctx.args.length) throw new CmdError(`error: unknown command "${ctx.args[0]}" for "kubectl events"`);
  const info = target.resolve('events')!;
  const all = flags.bool('all-namespaces');
  let events = target.list(info, all ? undefined : ctx.namespace);
  const forArg = flags.string('for');
  if (forArg) {
    const parsed = parseResourceArgs(target, [forArg.includes('/') ? forArg : `${forArg}/`], 'events');
    const req = parsed.requests[0]!;
    events = events.filter((e) => {
      const io = (e as EventShape).involvedObject;
      return io?.kind === req.info.kind && io?.name === req.names[0];
    });
  }
  const types = flags.strings('types');
  for (const t of types) if (t !== 'Normal' && t !== 'Warning') throw new CmdError(`error: valid --types are Normal or Warning`);
  if (types.length) events = events.filter((e) => types.includes((e as EventShape).type ?? ''));
  events = [...events].sort((a, b) => when(a as EventShape) - when(b as EventShape));
  const format = parseOutputFormat(flags.string('output'), 'objects');
  if (format.kind !== 'table') {
    out.write(printNonTable(format, events, false, () => info));
    return;
  }
  if (events.length === 0) {
    out.error(all ? 'No events found.' : `No events found in ${ctx.namespace} namespace.`);
    return;
  }
  const rows = events.map((o: KubeObject) => {
    const e = o as EventShape;
    const row = [interval(target.now, e), e.type ?? '', e.reason ?? '', `${e.involvedObject?.kind ?? ''}/${e.involvedObject?.name ?? ''}`, (e.message ?? '').trim()];
    return all ? [o.metadata.namespace ?? '', ...row] : row;
  });
  const header = [...(all ? ['NAMESPACE'] : []), 'LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
  out.print(formatColumns(flags.bool('no-headers') ? rows : [header, ...rows]));
}

export const eventsCommand: Command = {
  name: 'events',
  short: 'List events',
  long: `Display events.

 Prints a table of the most important information about events. You can request events for a namespace, for all namespace, or filtered to only those pertaining to a specified resource.`,
  examples: `  # List recent events in the default namespace
  kubectl events

  # List recent events in all namespaces
  kubectl events --all-namespaces

  # List recent events for the specified pod, then wait for more events and list them as they arrive
  kubectl events --for pod/web-pod-13je7 --watch

  # List recent events in YAML format
  kubectl events -oyaml

  # List recent only events of type 'Warning' or 'Normal'
  kubectl events --types=Warning,Normal`,
  usage: 'kubectl events [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning] [options]',
  notSupported: '--watch: use kubectl get events -w',
  flags: [
    ALL_NAMESPACES_FLAG,
    { name: 'for', kind: 'string', usage: 'Filter events to only those pertaining to the specified resource.' },
    { name: 'no-headers', kind: 'bool', usage: "When using the default output format, don't print headers." },
    { name: 'output', short: 'o', kind: 'string', usage: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).' },
    { name: 'types', kind: 'strings', usage: 'Output only events of given types.' },
  ],
  run,
};

/**
 * The Objects view's List layout: the ownership tree (or Nodes and their pods) as indented rows, readable at a
 * projector's distance in a narrow panel: kind tag, name (bold, 15 px), state, coloured by state, flashing when the
 * resourceVersion changes, struck through while terminating; groups of pods as rows with counts that expand or
 * collapse; a ✕ on pods. Rows are buttons (Tab, Enter; ↑/↓ move between rows). Clicking an object selects it.
 *
 * Rows have one fixed height and only those in view (and a margin) are in the page, as in the event log
 * (src/ui/events/event-log.tsx): a big cluster's rows cost what a screenful costs.
 */
import { memo, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { act } from '../connection/sim-connection.ts';
import type { Selection } from '../state/sim-store.ts';
import { useScrollView } from '../state/use-scroll-view.ts';
import { podPlace, shortStateText, stateClass, stateText } from './ownership.ts';
import { groupText, type GroupVNode, type VNode } from './objects-graph.ts';
import { kindTag, type ListRow } from './list-rows.ts';

/** Height of every row, px (styles.css gives `.orow` the same). */
export const ROW_PX = 30;
/** Indentation per level, px (styles.css draws the guide lines at the same pitch). */
const INDENT_PX = 14;
/** Rows kept in the page above and below the visible ones. */
const MARGIN_ABOVE = 10;
const MARGIN_BELOW = 30;

interface Props {
  rows: readonly ListRow[];
  /** The drawn node that stands for the selection (outlined), if any. */
  highlighted: string | undefined;
  select: (s: Selection) => void;
  toggle: (groupId: string) => void;
}

export function ObjectsList({ rows, highlighted, select, toggle }: Props) {
  const { ref: scroller, view, onScroll } = useScrollView(400);

  // A selection made elsewhere (the event log, the graph) scrolls its row into view, once per new selection.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || highlighted === undefined) return;
    const i = rowsRef.current.findIndex((r) => r.v.id === highlighted);
    if (i < 0) return;
    const top = i * ROW_PX;
    if (top < el.scrollTop || top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [highlighted]);

  const firstVisible = Math.floor(view.top / ROW_PX);
  const first = Math.max(0, firstVisible - MARGIN_ABOVE);
  const last = Math.min(rows.length, firstVisible + Math.ceil(view.height / ROW_PX) + MARGIN_BELOW);

  // ↑/↓ move the focus to the row above or below (scrolling it into view); Home/End to the first and last.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!from || !['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    const i = Number(from.dataset.row);
    const to = e.key === 'ArrowUp' ? i - 1 : e.key === 'ArrowDown' ? i + 1 : e.key === 'Home' ? 0 : rows.length - 1;
    if (to < 0 || to >= rows.length) return;
    const el = scroller.current!;
    if (to * ROW_PX < el.scrollTop) el.scrollTop = to * ROW_PX;
    else if ((to + 1) * ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = (to + 1) * ROW_PX - el.clientHeight;
    onScroll();
    // The row is rendered on the next frame if it was outside the margin.
    requestAnimationFrame(() => el.querySelector<HTMLElement>(`[data-row="${to}"] .orow-main`)?.focus());
  };

  const items = [];
  for (let i = first; i < last; i++) {
    const r = rows[i]!;
    items.push(<Row key={r.v.id} v={r.v} depth={r.depth} underNode={r.underNode} index={i} selected={r.v.id === highlighted} select={select} toggle={toggle} />);
  }
  return (
    <div
      className="objects-list"
      ref={scroller}
      role="list"
      aria-label="Objects, as a list"
      onKeyDown={onKeyDown}
      onScroll={onScroll}
    >
      <div className="orows" style={{ height: rows.length * ROW_PX }}>
        {items}
      </div>
      {rows.length === 0 && <div className="empty hint">No objects yet.</div>}
    </div>
  );
}

interface RowProps {
  v: VNode;
  depth: number;
  underNode: boolean;
  index: number;
  selected: boolean;
  select: (s: Selection) => void;
  toggle: (groupId: string) => void;
}

/** Whether a row would render the same (rows are rebuilt with every status change; most rows do not change). */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.depth !== b.depth || a.underNode !== b.underNode || a.index !== b.index || a.selected !== b.selected || a.select !== b.select || a.toggle !== b.toggle) return false;
  const x = a.v;
  const y = b.v;
  if (x.type === 'object' && y.type === 'object') return x.object === y.object && x.note === y.note;
  if (x.type === 'group' && y.type === 'group')
    return x.total === y.total && x.expanded === y.expanded && x.shown === y.shown && x.counts.join(';') === y.counts.join(';');
  return x.type === 'label' && y.type === 'label' && x.label === y.label;
}

const Row = memo(function Row({ v, depth, underNode, index, selected, select, toggle }: RowProps) {
  const style = { top: index * ROW_PX, paddingLeft: depth * INDENT_PX, '--depth': depth } as CSSProperties;
  if (v.type === 'object') return <ObjectRow v={v} withNode={!underNode} style={style} index={index} selected={selected} select={select} />;
  if (v.type === 'group') return <GroupRow g={v} style={style} index={index} selected={selected} toggle={toggle} />;
  return (
    <div className="orow label" style={style} data-row={index} role="listitem">
      <span className="orow-main" data-testid={v.id} tabIndex={-1}>
        <span className="name">{v.label}</span>
      </span>
    </div>
  );
}, sameRow);

function ObjectRow({ v, withNode, style, index, selected, select }: { v: Extract<VNode, { type: 'object' }>; withNode: boolean; style: CSSProperties; index: number; selected: boolean; select: (s: Selection) => void }) {
  const o = v.object;
  // Flash when the resourceVersion changes while the row is shown (not when it scrolls into view).
  const seen = useRef(o.resourceVersion);
  const changed = seen.current !== o.resourceVersion;
  // What the object is doing, then where (a pod's node, a Node's pod count): in a narrow panel, where is cut first.
  const what = shortStateText(o);
  const where = `${withNode ? podPlace(o) : ''}${v.note ? ` · ${v.note}` : ''}`;
  const state = `${stateText(o)}${v.note ? ` · ${v.note}` : ''}`;
  return (
    <div className={`orow ${stateClass(o)} ${selected ? 'selected' : ''}`} style={style} data-row={index} role="listitem">
      <button
        className="orow-main"
        data-testid={`obj-${o.kind}-${o.name}`}
        aria-current={selected || undefined}
        title={`${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}: ${state} (rv ${o.resourceVersion})`}
        onClick={() => select({ type: 'object', key: v.id })}
      >
        <span className={changed ? 'orow-body flash' : 'orow-body'} key={changed ? o.resourceVersion : ''}>
          <span className="kind">{kindTag(o.kind)}</span>
          <span className="name">{o.name}</span>
          <span className="state">
            <span className="what">{what}</span>
            {where && <span className="where">{where}</span>}
          </span>
        </span>
      </button>
      {o.kind === 'Pod' && !o.deleting && (
        <button
          className="mini danger del"
          title={`Delete pod ${o.name}`}
          aria-label={`Delete pod ${o.name}`}
          onClick={() => void act({ type: 'delete', resource: 'pod', namespace: o.namespace, name: o.name })}
          data-testid={`delete-${o.name}`}
        >
          ✕
        </button>
      )}
    </div>
  );
}

function GroupRow({ g, style, index, selected, toggle }: { g: GroupVNode; style: CSSProperties; index: number; selected: boolean; toggle: (id: string) => void }) {
  const worst = g.counts.find(([k]) => k === 'failed') ? 'failed' : g.counts.find(([k]) => k !== 'ready' && k !== 'succeeded') ? 'progressing' : 'ready';
  const more = g.expanded && g.shown < g.total ? ` · showing ${g.shown.toLocaleString('en-US')}` : '';
  return (
    <div className={`orow group ${worst} ${g.expanded ? 'expanded' : ''} ${selected ? 'selected' : ''}`} style={style} data-row={index} role="listitem">
      <button
        className="orow-main"
        data-testid={`pod-group-${g.parent}`}
        data-group="pod-group"
        aria-expanded={g.expanded}
        title={`${groupText(g)}${more}. Click to ${g.expanded ? 'collapse' : 'expand'}.`}
        onClick={() => toggle(g.id)}
      >
        <span className="orow-body">
          <span className="chevron" aria-hidden="true">
            {g.expanded ? '▾' : '▸'}
          </span>
          <span className="kind">Pods</span>
          <span className="name count">{g.total.toLocaleString('en-US')}</span>
          <span className="bar" aria-hidden="true">
            {g.counts.map(([k, n]) => (
              <span key={k} className={k} style={{ flexGrow: n }} />
            ))}
          </span>
          <span className="state">
            {g.counts.map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`).join(', ')}
            {more}
          </span>
        </span>
      </button>
    </div>
  );
}

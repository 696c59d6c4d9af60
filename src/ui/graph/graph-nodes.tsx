/**
 * The controller graph's node components (React Flow custom nodes): a loop (its name, its phase of observe → diff →
 * act → status, its queue, or that it is crashed or paused) and a centre node (you, the api-server, and on a stage the
 * group of folded loops). One fixed size each (styles.css `.gnode`; on a stage present.css), so a node never resizes
 * as its words change. `sameNode` says when a node would render the same, so the graph can hand React Flow the
 * previous object.
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { shortLabel, type GraphController, type Phase } from './graph-model.ts';

export type ControllerData = { c: GraphController; phase: Phase; highlighted: boolean; spotlit?: boolean };
export type CenterData = { label: string; sub: string; highlighted: boolean; title?: string; group?: boolean; down?: boolean };

/** A target and a source handle on every side: edges leave and enter by the side facing the other node. */
function SideHandles() {
  const sides = [
    ['t', Position.Top],
    ['b', Position.Bottom],
    ['l', Position.Left],
    ['r', Position.Right],
  ] as const;
  return (
    <>
      {sides.map(([id, position]) => (
        <Handle key={`t-${id}`} type="target" id={`t-${id}`} position={position} />
      ))}
      {sides.map(([id, position]) => (
        <Handle key={`s-${id}`} type="source" id={`s-${id}`} position={position} />
      ))}
    </>
  );
}

function ControllerNode({ data }: NodeProps<Node<ControllerData>>) {
  const { c, phase, highlighted, spotlit } = data;
  const label = shortLabel(c.label);
  return (
    <div className={`gnode controller ${c.alive ? '' : 'dead'} ${c.paused ? 'paused' : ''} ${highlighted ? 'highlighted' : ''} ${spotlit ? 'spotlit' : ''}`} data-testid={`gnode-${c.id}`} title={c.label}>
      <SideHandles />
      <div className={`title ${label.length > 21 ? 'longer' : label.length > 16 ? 'long' : ''}`}>{label}</div>
      <div className="status-line">
        {/* The step of observe → diff → act → status it is in now (idle between reconciles). */}
        <span className={`phase ${phase === 'idle' || phase === 'waiting' ? '' : 'on'}`} aria-label={`phase ${phase}`}>
          {phase}
        </span>
        <span className="queue">
          {!c.alive ? 'crashed' : c.paused ? 'paused' : `queue ${c.depth}${c.processing ? ` · working ${c.processing}` : ''}${c.backoff ? ` · backoff ${c.backoff}` : ''}`}
        </span>
      </div>
    </div>
  );
}

function CenterNode({ data }: NodeProps<Node<CenterData>>) {
  return (
    <div className={`gnode center ${data.group ? 'idle-group' : ''} ${data.down ? 'dead' : ''} ${data.highlighted ? 'highlighted' : ''}`} title={data.title} data-testid={data.group ? 'idle-loops' : data.down !== undefined ? 'gnode-api-server' : undefined}>
      <SideHandles />
      <div className="title">{data.label}</div>
      <div className="status-line"><span className="queue">{data.sub}</span></div>
    </div>
  );
}

export const nodeTypes = { controller: ControllerNode, center: CenterNode };

/** Whether a node would render the same as before (its previous object can then be handed to React Flow again). */
export function sameNode(a: Node, b: Node): boolean {
  if (a.type !== b.type || a.selected !== b.selected || a.position.x !== b.position.x || a.position.y !== b.position.y) return false;
  const x = a.data as Partial<ControllerData & CenterData>;
  const y = b.data as Partial<ControllerData & CenterData>;
  if (x.highlighted !== y.highlighted || x.phase !== y.phase || x.label !== y.label || x.sub !== y.sub || x.spotlit !== y.spotlit || x.title !== y.title) return false;
  const c = x.c;
  const d = y.c;
  if (!c || !d) return c === d;
  return c.id === d.id && c.label === d.label && c.process === d.process && c.alive === d.alive && c.paused === d.paused && c.depth === d.depth && c.processing === d.processing && c.backoff === d.backoff && c.count === d.count;
}

/**
 * The React Flow node types of the Objects view: an object (kind, name, one line of state, coloured by state,
 * flashing when its resourceVersion changes, struck through while terminating, a ✕ on pods), a group of pods with
 * counts by state (click to expand or collapse), and a plain label ("unscheduled").
 */
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { act } from '../connection/sim-connection.ts';
import { stateClass, stateText } from './ownership.ts';
import { groupText, type GroupVNode, type LabelVNode, type ObjectVNode } from './objects-graph.ts';

export type ObjectNodeData = { v: ObjectVNode; selected: boolean };
export type GroupNodeData = { v: GroupVNode; selected: boolean };
export type LabelNodeData = { v: LabelVNode; selected: boolean };

function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </>
  );
}

const ObjectNode = memo(function ObjectNode({ data }: NodeProps<Node<ObjectNodeData>>) {
  const o = data.v.object;
  return (
    <div
      className={`onode ${stateClass(o)} ${data.selected ? 'selected' : ''}`}
      data-testid={`obj-${o.kind}-${o.name}`}
      title={`${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name} (rv ${o.resourceVersion})`}
    >
      <Handles />
      {/* Keyed by resourceVersion so a change re-mounts it and replays the flash animation. */}
      <div className="onode-body" key={o.resourceVersion}>
        <div className="onode-head">
          <span className="kind">{o.kind}</span>
          <span className="name">{o.name}</span>
          {o.kind === 'Pod' && !o.deleting && (
            <button
              className="mini danger nodrag nopan"
              title="Delete this pod"
              aria-label={`Delete pod ${o.name}`}
              onClick={(e) => {
                e.stopPropagation();
                void act({ type: 'delete', resource: 'pod', namespace: o.namespace, name: o.name });
              }}
              data-testid={`delete-${o.name}`}
            >
              ✕
            </button>
          )}
        </div>
        <div className="state">
          {stateText(o)}
          {data.v.note ? ` · ${data.v.note}` : ''}
        </div>
      </div>
    </div>
  );
});

const GroupNode = memo(function GroupNode({ data }: NodeProps<Node<GroupNodeData>>) {
  const g = data.v;
  const worst = g.counts.find(([k]) => k === 'failed') ? 'failed' : g.counts.find(([k]) => k !== 'ready' && k !== 'succeeded') ? 'progressing' : 'ready';
  return (
    <div className={`onode group ${worst} ${g.expanded ? 'expanded' : ''} ${data.selected ? 'selected' : ''}`} data-testid={`pod-group-${g.parent}`} data-group="pod-group" role="button" aria-expanded={g.expanded}>
      <Handles />
      <div className="onode-head">
        <span className="kind">Pods</span>
        <span className="count">{groupText(g)}</span>
      </div>
      <div className="bar" aria-hidden="true">
        {g.counts.map(([k, n]) => (
          <span key={k} className={k} style={{ flexGrow: n }} />
        ))}
      </div>
      <div className="state">
        {g.expanded ? (g.shown < g.total ? `showing ${g.shown.toLocaleString('en-US')} of ${g.total.toLocaleString('en-US')} · collapse` : 'collapse') : 'click to expand'}
      </div>
    </div>
  );
});

const LabelNode = memo(function LabelNode({ data }: NodeProps<Node<LabelNodeData>>) {
  return (
    <div className="onode label" data-testid={data.v.id}>
      <Handles />
      <span className="name">{data.v.label}</span>
    </div>
  );
});

/** React Flow's `nodeTypes` for the Objects view (a stable object, defined once). */
export const OBJECT_NODE_TYPES = { object: ObjectNode, group: GroupNode, label: LabelNode };

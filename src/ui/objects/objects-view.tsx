/**
 * The objects: the ownership tree (Deployment → ReplicaSets → Pods, Jobs → Pods, Services → EndpointSlices) and the
 * Nodes, coloured by phase and readiness, flashing when their resourceVersion changes. Above a few hundred pods the
 * pods of each owner collapse into one row with counts (expand on demand). Clicking an object selects it.
 */
import { memo, useMemo, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';
import { ownershipForest, stateClass, stateText, type TreeNode } from './ownership.ts';
import { act } from '../connection/sim-connection.ts';

/** Above this many pods under one owner, they are shown as counts until expanded. */
export const COLLAPSE_PODS_ABOVE = 12;

const ObjectRow = memo(function ObjectRow({ o, selected, onSelect, extra }: { o: ObjectSummary; selected: boolean; onSelect: (k: string) => void; extra?: string }) {
  return (
    <div
      className={`obj ${stateClass(o)} ${selected ? 'selected' : ''}`}
      key={`${o.key}@${o.resourceVersion}`}
      onClick={() => onSelect(o.key)}
      data-testid={`obj-${o.kind}-${o.name}`}
      title={`${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name} (rv ${o.resourceVersion})`}
    >
      <span className="kind">{o.kind}</span>
      <span className="name">{o.name}</span>
      <span className="state">{stateText(o)}{extra ? ` · ${extra}` : ''}</span>
      {o.kind === 'Pod' && !o.deleting && (
        <button
          className="mini danger"
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
  );
});

function Branch({ node, selectedKey, onSelect, expanded, toggle }: { node: TreeNode; selectedKey?: string; onSelect: (k: string) => void; expanded: Set<string>; toggle: (k: string) => void }) {
  const pods = node.children.filter((c) => c.object.kind === 'Pod');
  const rest = node.children.filter((c) => c.object.kind !== 'Pod');
  const collapse = pods.length > COLLAPSE_PODS_ABOVE && !expanded.has(node.object.key);
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const p of pods) m.set(stateClass(p.object), (m.get(stateClass(p.object)) ?? 0) + 1);
    return [...m].sort();
  }, [pods]);
  return (
    <li>
      {/* Keyed by resourceVersion so a change re-mounts the row and replays the flash animation. */}
      <ObjectRow key={`${node.object.key}@${node.object.resourceVersion}`} o={node.object} selected={selectedKey === node.object.key} onSelect={onSelect} />
      {(node.children.length > 0) && (
        <ul>
          {rest.map((c) => (
            <Branch key={c.object.key} node={c} selectedKey={selectedKey} onSelect={onSelect} expanded={expanded} toggle={toggle} />
          ))}
          {collapse ? (
            <li>
              <button className="group" onClick={() => toggle(node.object.key)} data-testid="pod-group">
                {pods.length} pods: {counts.map(([k, n]) => `${n} ${k}`).join(', ')} (show)
              </button>
            </li>
          ) : (
            pods.map((c) => <Branch key={c.object.key} node={c} selectedKey={selectedKey} onSelect={onSelect} expanded={expanded} toggle={toggle} />)
          )}
          {pods.length > COLLAPSE_PODS_ABOVE && !collapse && (
            <li>
              <button className="group" onClick={() => toggle(node.object.key)}>
                collapse {pods.length} pods
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

export function ObjectsView() {
  const objects = useSim((s) => s.objects);
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const all = useMemo(() => [...objects.values()], [objects]);
  const workloads = useMemo(() => ownershipForest(all.filter((o) => o.kind !== 'Node' && o.kind !== 'Namespace')), [all]);
  const nodes = useMemo(() => all.filter((o) => o.kind === 'Node').sort((a, b) => a.name.localeCompare(b.name)), [all]);
  const podsPerNode = useMemo(() => {
    const m = new Map<string, number>();
    for (const o of all) if (o.kind === 'Pod' && o.nodeName && !o.deleting) m.set(o.nodeName, (m.get(o.nodeName) ?? 0) + 1);
    return m;
  }, [all]);
  const selectedKey = selection?.type === 'object' ? selection.key : undefined;
  const onSelect = (key: string) => select({ type: 'object', key });
  const toggle = (key: string) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <section className="objects" aria-label="Objects">
      <h2>Objects</h2>
      <ul className="tree">
        {workloads.map((n) => (
          <Branch key={n.object.key} node={n} selectedKey={selectedKey} onSelect={onSelect} expanded={expanded} toggle={toggle} />
        ))}
      </ul>
      <h2>Nodes</h2>
      <ul className="tree nodes">
        {nodes.map((n) => (
          <li key={n.key}>
            <ObjectRow key={`${n.key}@${n.resourceVersion}`} o={n} extra={`${podsPerNode.get(n.name) ?? 0} pods`} selected={selectedKey === n.key} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * React Flow (controlled, as both graphs are) measures a node again whenever it is handed a node object without
 * `measured` sizes: it drops the node's handle bounds, observes it afresh and reads the DOM (a forced layout per node).
 * A graph that builds new node objects when their data changes (every frame, in a busy cluster) paid that for every
 * changed node on every frame. This hook remembers the sizes React Flow reports through `onNodesChange` (its
 * 'dimensions' changes) so new node objects carry them, as `applyNodeChanges` would. A node whose rendered size really
 * changes is still re-measured: React Flow keeps observing it.
 */
import { useCallback, useRef } from 'react';
import type { NodeChange } from '@xyflow/react';

export interface Measured {
  /** Pass to `<ReactFlow onNodesChange>`. */
  onNodesChange: (changes: NodeChange[]) => void;
  /** The size last reported for a node id (undefined before its first measurement). */
  measured: (id: string) => { width: number; height: number } | undefined;
}

export function useMeasured(): Measured {
  const sizes = useRef(new Map<string, { width: number; height: number }>());
  const onNodesChange = useCallback((changes: NodeChange[]) => {
    for (const c of changes) if (c.type === 'dimensions' && c.dimensions) sizes.current.set(c.id, c.dimensions);
  }, []);
  const measured = useCallback((id: string) => sizes.current.get(id), []);
  return { onNodesChange, measured };
}

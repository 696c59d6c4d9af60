/**
 * Break things on purpose: each button is a fault or a kubectl command, recorded in the trace as the root cause of
 * what follows. The answer (or the error) appears right here.
 */
import { useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { act, advance } from '../connection/sim-connection.ts';
import type { UserAction } from '../../worker/protocol.ts';

export function FaultPalette() {
  const objects = useSim((s) => s.objects);
  const controllers = useSim((s) => s.controllers);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const nodes = [...objects.values()].filter((o) => o.kind === 'Node').map((o) => o.name).sort();
  const [node, setNode] = useState('');
  const [image, setImage] = useState('nginx:1.27');
  const controllerNames = [...new Set(controllers.filter((c) => !c.process.startsWith('kubelet/')).map((c) => c.name))];
  const [controller, setController] = useState('');
  // A choice made in another lesson may name what this one does not have: fall back to the first.
  const targetNode = nodes.includes(node) ? node : (nodes[0] ?? '');
  const targetController = controllerNames.includes(controller) ? controller : (controllerNames[0] ?? '');
  const run = async (action: UserAction) => {
    const r = await act(action);
    setMessage({ ok: r.ok, text: r.messages.join('\n') || (r.ok ? 'done' : 'failed') });
  };
  return (
    <section className="faults" aria-label="Faults">
      <h2>Break things</h2>
      <div className="fault-row">
        <select value={targetNode} onChange={(e) => setNode(e.target.value)} aria-label="Node">
          {nodes.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
        <button className="danger" onClick={() => run({ type: 'fault', fault: { type: 'kill-node', node: targetNode } })} data-testid="kill-node">Kill node</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'restore-node', node: targetNode } })}>Restore</button>
        <button onClick={() => run({ type: 'cordon', node: targetNode })}>Cordon</button>
        <button onClick={() => run({ type: 'uncordon', node: targetNode })}>Uncordon</button>
        <button onClick={() => run({ type: 'drain', node: targetNode })}>Drain</button>
      </div>
      {controllerNames.length === 0 && <p className="fault-row fault-note">No controller runs in this lesson, only the kubelets: kill a node instead.</p>}
      <div className="fault-row" hidden={controllerNames.length === 0}>
        <select value={targetController} onChange={(e) => setController(e.target.value)} aria-label="Controller" data-testid="fault-controller">
          {controllerNames.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
        <button className="danger" onClick={() => run({ type: 'fault', fault: { type: 'crash-controller', controller: targetController } })} data-testid="fault-crash-controller" aria-label={`Crash ${targetController}`}>Crash</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'pause-controller', controller: targetController } })} aria-label={`Pause ${targetController}`}>Pause</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'resume-controller', controller: targetController } })} aria-label={`Resume ${targetController}`}>Resume</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'drop-watch-events', controller: targetController, duration: 10_000 } })}>Drop watch 10 s</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'delay-watch-events', controller: targetController, delay: 2_000, duration: 20_000 } })}>Delay watch 2 s</button>
      </div>
      <div className="fault-row">
        <button className="danger" onClick={() => run({ type: 'fault', fault: { type: 'apiserver-unavailable', duration: 10_000 } })}>api-server down 10 s</button>
        <input value={image} onChange={(e) => setImage(e.target.value)} aria-label="Image" size={12} />
        <button onClick={() => run({ type: 'fault', fault: { type: 'image-behavior', image, behavior: 'crash' } })}>Crash-loop image</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'image-behavior', image, behavior: 'never-ready' } })}>Never ready</button>
        <button onClick={() => run({ type: 'fault', fault: { type: 'image-behavior', image, behavior: 'ok' } })}>Heal image</button>
        <button onClick={() => advance(3_600_000)} title="Fast-forward one hour of virtual time">+1 h</button>
      </div>
      {message && <pre className={`kubectl-output ${message.ok ? 'ok' : 'error'}`} data-testid="fault-output">{message.text}</pre>}
    </section>
  );
}

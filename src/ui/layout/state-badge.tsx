/**
 * The top bar's badge: converged, reconciling, fighting or degraded (cluster-state.ts), with the reasons in words
 * under it (the first) and in its tooltip (all). Fixed in size, so the bar never jumps as the state changes.
 */
import { useShallow } from 'zustand/react/shallow';
import { useSim } from '../state/sim-store.ts';
import { clusterState, STATE_WORDS } from './cluster-state.ts';

export function StateBadge() {
  const input = useSim(
    useShallow((s) => ({ converged: s.converged, convergence: s.convergence, fights: s.fights, controllers: s.controllers, objects: s.objects, apiServerUnavailable: s.apiServerUnavailable })),
  );
  const state = clusterState(input);
  const cls = state.kind === 'converged' ? 'ok' : state.kind === 'reconciling' ? 'busy' : state.kind === 'fighting' ? 'fight' : 'bad';
  return (
    <div className={`badge state-${state.kind} ${cls}`} data-testid="convergence-badge" role="status" aria-label={`${STATE_WORDS[state.kind]}: ${state.reasons.join('; ')}`} title={state.reasons.join('\n')}>
      <span className="badge-word">{STATE_WORDS[state.kind]}</span>
      {state.kind !== 'converged' && <span className="badge-reason">{state.reasons[0]}</span>}
    </div>
  );
}

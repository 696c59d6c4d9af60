/** Pure formatting of the fight detector's findings for the fights panel. */
import type { FieldFight } from '../../worker/protocol.ts';

/** One fight as the panel lists it. */
export interface FightRow {
  /** The object's key as the objects view names it ("apps/v1/Deployment/default/web"), to select it. */
  objectKey: string;
  /** "deployment/web" (with " in argocd" outside default). */
  object: string;
  field: string;
  /** "kube-controller-manager (horizontal-pod-autoscaler)": each manager with the loop behind its latest write. */
  sides: [string, string];
  flips: number;
  lastFlipAt: number;
  /** Seconds per flip over the run, or undefined with one flip. */
  period?: number;
  /** The latest writers, oldest first, as initials-free names ("a b a b"). */
  recent: string[];
}

/** The objects view's key of an object reference. */
export function refKey(ref: { apiVersion: string; kind: string; namespace?: string; name: string }): string {
  return `${ref.apiVersion}/${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;
}

/** "manager (loop)", or the manager alone when the loop has the same name. */
export function side(manager: string, loop: string): string {
  return !loop || loop === manager ? manager : `${manager} (${loop})`;
}

/** Rows for the panel, most flips first then most recent, as the detector sends them but in a total order. */
export function fightRows(fights: readonly FieldFight[]): FightRow[] {
  return fights
    .map((f): FightRow => {
      const ns = f.object.namespace && f.object.namespace !== 'default' ? ` in ${f.object.namespace}` : '';
      const row: FightRow = {
        objectKey: refKey(f.object),
        object: `${f.object.kind.toLowerCase()}/${f.object.name}${ns}`,
        field: f.field,
        sides: [side(f.managers[0], f.loops[0]), side(f.managers[1], f.loops[1])],
        flips: f.flips,
        lastFlipAt: f.lastFlipAt,
        recent: f.recent.map((r) => r.manager),
      };
      if (f.flips > 1) row.period = Math.round((f.lastFlipAt - f.firstFlipAt) / (f.flips - 1) / 100) / 10;
      return row;
    })
    .sort((a, b) => b.flips - a.flips || b.lastFlipAt - a.lastFlipAt || a.objectKey.localeCompare(b.objectKey) || a.field.localeCompare(b.field));
}

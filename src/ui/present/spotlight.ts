/**
 * The laser for objects: the CSS rule that rings the objects list's row of the object a lesson step spotlights
 * (`{object: deployment/web}` or a field of it). Pure. The row is found by the list's `data-testid`
 * ("obj-Deployment-web"); the lesson names the kind in lower case, so the match ignores case. The object's words come
 * from a lesson file, but only names Kubernetes allows (letters, digits, '.', '-') make a rule, so nothing can break
 * out of the selector.
 */
import type { LessonView } from '../../worker/protocol.ts';

const NAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/;

/** The object a spotlight names ("deployment/web"): kind and name, or null (none, or not a plain kind/name). */
export function spotlightObject(spotlight: LessonView['spotlight']): { kind: string; name: string } | null {
  if (!spotlight) return null;
  const ref = 'object' in spotlight ? spotlight.object : 'field' in spotlight ? spotlight.field.object : undefined;
  if (typeof ref !== 'string') return null;
  const [kind, name, ...rest] = ref.split('/');
  if (rest.length || !kind || !name || !NAME.test(kind) || !NAME.test(name)) return null;
  return { kind, name };
}

/**
 * The stylesheet text that rings that object's row (and its node in the objects graph), or null: while presenting
 * (the default), or always (`presentingOnly` false: the lesson panel's own, for a learner at a desk).
 */
export function spotlightObjectRule(spotlight: LessonView['spotlight'], presentingOnly = true): string | null {
  const o = spotlightObject(spotlight);
  if (!o) return null;
  return `${presentingOnly ? ':root.presenting ' : ''}[data-testid="obj-${o.kind}-${o.name}" i] { box-shadow: inset 0 0 0 3px var(--warn), 0 0 16px 3px rgba(240, 180, 41, 0.6); }`;
}

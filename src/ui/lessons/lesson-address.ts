/**
 * A lesson's own address: `?lesson=<id>&step=<n>` (n counts from 1, as the page shows it), so a teacher can send
 * one. Read from the address bar, which anyone can type into: the id must look like a lesson id and the step like a
 * step number, or the reader says what is wrong and the page opens the playground.
 */
export interface LessonAddress {
  id: string;
  /** 0-based. */
  step: number;
}

const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const MAX_STEP = 1000;

/** The lesson an address names: none, one, or an error in words. */
export function readLessonAddress(search: string): LessonAddress | { error: string } | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.length > 4096 ? search.slice(0, 4096) : search);
  } catch {
    return null;
  }
  const id = params.get('lesson');
  if (id === null) return null;
  if (!ID.test(id)) return { error: `the address names lesson ${JSON.stringify(id.slice(0, 60))}: a lesson id is lower-case letters, digits and dashes` };
  const stepText = params.get('step');
  if (stepText === null || stepText === '') return { id, step: 0 };
  const n = Number(stepText);
  if (!/^\d{1,4}$/.test(stepText) || n < 1 || n > MAX_STEP) return { error: `the address asks for step ${JSON.stringify(stepText.slice(0, 20))} of lesson ${id}: a step is a number from 1` };
  return { id, step: n - 1 };
}

/** The address of a lesson step, keeping the address's other parameters (e.g. `present`). */
export function lessonSearch(current: string, address: LessonAddress | null): string {
  const params = new URLSearchParams(current);
  params.delete('lesson');
  params.delete('step');
  if (address) {
    params.set('lesson', address.id);
    params.set('step', String(address.step + 1));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

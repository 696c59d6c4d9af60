/**
 * A file dropped on the page before the panels (and file-drop.tsx with them) arrive, in the first moments after
 * load: without a listener the browser would open the file itself and leave the page. From the page's first script
 * until FileDrop mounts, a drop of files is held here (the browser's default prevented), and FileDrop opens it.
 */
let held: File | undefined;
let listening = false;

/** Whether a drag carries files (not text or a link dragged from the page). */
export const carriesFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
const onOver = (e: DragEvent) => {
  if (carriesFiles(e)) e.preventDefault();
};
const onDrop = (e: DragEvent) => {
  if (!carriesFiles(e)) return;
  e.preventDefault();
  held = e.dataTransfer?.files[0] ?? held;
};

/** Starts holding drops (main.tsx, before anything renders). */
export function holdEarlyDrops(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('dragover', onOver);
  window.addEventListener('drop', onDrop);
}

/** Stops holding drops (FileDrop takes over) and returns the file dropped meanwhile, if any. */
export function takeEarlyDrop(): File | undefined {
  window.removeEventListener('dragover', onOver);
  window.removeEventListener('drop', onDrop);
  listening = false;
  const file = held;
  held = undefined;
  return file;
}

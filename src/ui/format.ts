/** Small display helpers shared by panels. */

/** Virtual time as the page shows it: "12.345 s", "3 min 04.1 s", "1 h 02 min". */
export function formatClock(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(3)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${(s - m * 60).toFixed(1).padStart(4, '0')} s`;
  const h = Math.floor(m / 60);
  return `${h} h ${String(m - h * 60).padStart(2, '0')} min`;
}

/** Speed factor as a label: 0.001 → "1/1000×", 2 → "2×". */
export function formatSpeed(speed: number): string {
  if (speed >= 1) return `${+speed.toFixed(speed < 10 ? 1 : 0)}×`;
  return `1/${Math.round(1 / speed)}×`;
}

/** Speeds on the log-scale slider: 1/1000× … 100×. */
export const SPEEDS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

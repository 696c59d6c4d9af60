/** Inline SVG icons (no icon font: a projector laptop may have none). */
const props = { width: 20, height: 20, viewBox: '0 0 20 20', fill: 'currentColor', 'aria-hidden': true } as const;

export const StepBackIcon = () => (
  <svg {...props}>
    <rect x="3" y="4" width="2.5" height="12" />
    <path d="M17 4 L7 10 L17 16 Z" />
  </svg>
);
export const StepForwardIcon = () => (
  <svg {...props}>
    <path d="M3 4 L13 10 L3 16 Z" />
    <rect x="14.5" y="4" width="2.5" height="12" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...props}>
    <path d="M5 3 L17 10 L5 17 Z" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...props}>
    <rect x="4" y="3" width="4" height="14" />
    <rect x="12" y="3" width="4" height="14" />
  </svg>
);

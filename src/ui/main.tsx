import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadAfterFirstFrame } from './state/after-first-frame.ts';
import { holdEarlyDrops } from './share/early-drop.ts';

// A file dropped before the panels arrive is held for them (the browser would otherwise open it and leave the page).
holdEarlyDrops();

// Offline after one visit: the service worker is registered once the first frame is painted.
preloadAfterFirstFrame(() => import('./offline/service-worker.ts').then((m) => m.registerServiceWorker()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

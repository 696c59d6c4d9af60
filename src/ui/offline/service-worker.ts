/**
 * Offline: registers the service worker that vite-plugin-pwa builds (Workbox, precaching the whole app), once the
 * first animated frame is painted (after-first-frame.ts), so its downloads do not compete with the page's start.
 * After one visit the page loads and runs with the network off. A new build replaces the old one on the next load
 * (`autoUpdate`). Without service workers (a file:// page, a private window that forbids them) nothing happens.
 */
import { registerSW } from 'virtual:pwa-register';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  try {
    registerSW({ immediate: true });
  } catch {
    // the page works online without it
  }
}

// Registers the service worker (public/sw.js) that makes the client an installable app which
// opens without a network (docs/web.md). Only in a build: the dev server's modules change.
export function registerServiceWorker(
  nav: { serviceWorker?: { register(url: string, options?: { scope: string }): Promise<unknown> } },
  production: boolean,
): boolean {
  if (!production || !nav.serviceWorker) return false;
  nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (a private window, a browser setting): the app works, only not offline.
  });
  return true;
}

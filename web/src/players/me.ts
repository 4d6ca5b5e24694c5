// The player of this browser (GET /api/me at the start, then each answer of the account's
// requests): the header and the pages read it through `useMe()`. A first visit makes a guest
// on the server, with its session cookie.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiFailure } from './api';
import type { ApiPlayer } from './apiTypes';

type Listener = () => void;

class MeStore {
  player: ApiPlayer | null = null;
  /** Why /api/me failed (the header then shows nothing; the account page says it). */
  failure: ApiFailure | null = null;
  private loading: Promise<void> | null = null;
  private listeners = new Set<Listener>();

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  set(p: ApiPlayer | null): void {
    this.player = p;
    this.failure = null;
    for (const l of this.listeners) l();
  }

  /** Asks the server who this browser is (once; `force` asks again, e.g. after signing out). */
  load(force = false): Promise<void> {
    if (this.loading && !force) return this.loading;
    // Offline (the app opened from the service worker's cache): ask once the network is back,
    // rather than fail a request the browser reports as an error.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.loading = new Promise<void>((resolve) => {
        window.addEventListener('online', () => resolve(this.load(true)), { once: true });
      });
      return this.loading;
    }
    this.loading = api.me().then(
      (p) => this.set(p),
      (e: ApiFailure) => {
        this.failure = e;
        for (const l of this.listeners) l();
      },
    );
    return this.loading;
  }
}

export const me = new MeStore();

export function useMe(): MeStore {
  const [, setN] = useState(0);
  useEffect(() => {
    const off = me.subscribe(() => setN((n) => n + 1));
    void me.load();
    return off;
  }, []);
  return me;
}

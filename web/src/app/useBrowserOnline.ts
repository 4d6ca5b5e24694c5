// Whether the browser says it has a network (navigator.onLine and its online/offline events):
// with none, the page shows the connection as lost at once instead of waiting for the ping to
// time out (the session reconnects on "online", src/net/session.ts).
import { useEffect, useState } from 'preact/hooks';

export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

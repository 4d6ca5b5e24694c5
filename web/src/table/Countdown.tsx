// Time left of a deadline the server sent as `in_ms` (counted from the frame's arrival): the
// seconds, and optionally a ring that empties (the knock window). Only this small component
// re-renders while the time runs.
import { useEffect, useState } from 'preact/hooks';

export function useSecondsLeft(inMs: number | null | undefined, receivedAt: number): number | null {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (inMs === null || inMs === undefined) return;
    setNow(performance.now());
    const id = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(id);
  }, [inMs, receivedAt]);
  if (inMs === null || inMs === undefined) return null;
  return Math.max(0, Math.ceil((inMs - (now - receivedAt)) / 1000));
}

export function Clock(p: { inMs: number | null | undefined; receivedAt: number; label: string }) {
  const s = useSecondsLeft(p.inMs, p.receivedAt);
  if (s === null) return null;
  return (
    <span class={`clock${s <= 5 ? ' low' : ''}`} title={p.label} aria-label={p.label}>
      {s} s
    </span>
  );
}

/** The ring around the knock button: empties over the window's time left. */
export function Ring(p: { inMs: number; totalMs: number; receivedAt: number }) {
  const r = 46;
  const len = 2 * Math.PI * r;
  const start = Math.min(1, p.inMs / Math.max(1, p.totalMs));
  return (
    <svg class="ring" viewBox="0 0 100 100" aria-hidden="true">
      <circle class="ring-bg" cx="50" cy="50" r={r} />
      <circle
        key={p.receivedAt}
        class="ring-fg"
        cx="50"
        cy="50"
        r={r}
        style={{
          strokeDasharray: `${len}`,
          ['--ring-from' as string]: `${len * (1 - start)}`,
          ['--ring-to' as string]: `${len}`,
          animationDuration: `${Math.max(0, p.inMs)}ms`,
        }}
      />
    </svg>
  );
}

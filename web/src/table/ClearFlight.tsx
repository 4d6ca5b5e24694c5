// The animation of a clear (issue 28 §6): when a `cleared` event arrives, the three cards of the
// line rise from their places and fade away (animations.css). Everything comes from the server:
// the event's `cells` and `card`, and the grid cards' `data-cell` to find where the cells are
// drawn (a shared column may be drawn twice: both places animate). Nothing here knows which
// cells make a line. Events already in the log when the screen opens (a join, a reload, a
// tutorial lesson) are not animated; with prefers-reduced-motion: reduce nothing moves (the
// cells simply show empty). `data-clears` counts the clears seen, animated or not.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { LoggedEvent } from '../protocol/view';
import { valueClass } from './Card';

interface Ghost {
  key: string;
  card: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How long a ghost stays (a little longer than its CSS animation). */
const GHOST_MS = 900;

function lastSeq(events: LoggedEvent[]): number {
  return events.length > 0 ? events[events.length - 1]!.seq : 0;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function ClearFlight(p: { events: LoggedEvent[] }) {
  const seen = useRef(lastSeq(p.events));
  const root = useRef<HTMLDivElement>(null);
  const [clears, setClears] = useState(0);
  const [ghosts, setGhosts] = useState<Ghost[]>([]);

  useLayoutEffect(() => {
    const fresh = p.events.filter((e) => e.seq > seen.current);
    seen.current = Math.max(seen.current, lastSeq(p.events));
    const cleared = fresh.flatMap((e) => (e.event.type === 'cleared' ? [{ seq: e.seq, ...e.event }] : []));
    if (cleared.length === 0) return;
    setClears((n) => n + cleared.length);
    const felt = root.current?.closest('.table-screen')?.querySelector('.felt');
    if (!felt || reducedMotion()) return;
    const added: Ghost[] = [];
    for (const c of cleared) {
      for (const cell of c.cells) {
        felt.querySelectorAll(`[data-cell="${cell}"]`).forEach((el, i) => {
          const r = el.getBoundingClientRect();
          if (r.width > 0) added.push({ key: `${c.seq}-${cell}-${i}`, card: c.card, left: r.left, top: r.top, width: r.width, height: r.height });
        });
      }
    }
    if (added.length === 0) return;
    setGhosts((g) => [...g, ...added]);
    const keys = new Set(added.map((g) => g.key));
    setTimeout(() => setGhosts((g) => g.filter((x) => !keys.has(x.key))), GHOST_MS);
  }, [p.events]);

  return (
    <div ref={root} class="clear-flight" aria-hidden="true" data-clears={clears}>
      {ghosts.map((g) => (
        <div key={g.key} class="clear-ghost" style={{ left: `${g.left}px`, top: `${g.top}px`, width: `${g.width}px`, height: `${g.height}px`, ['--w' as string]: `${g.width}px` }}>
          <span class={`face up ${valueClass(g.card)}`}>{g.card}</span>
        </div>
      ))}
    </div>
  );
}

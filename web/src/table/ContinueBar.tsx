// Continue after a round (issue 28): the finished round stays on show until every seat is
// ready or the server's timeout (TABLE.round_over: `in_ms`, `ready`). A seated person presses
// Continue once (the button goes at once: no second `ready` for one round end); everybody sees
// the seconds left and whom the table waits for. Bots, zombies and people gone are ready from
// the start (the server's list), so the page never guesses who must still press.
import { useState, useEffect } from 'preact/hooks';
import type { TableFrame } from '../protocol/view';
import type { Translate } from '../text/narrator';
import { useSecondsLeft } from './Countdown';
import './pace.css';

export function ContinueBar(p: { t: Translate; table: TableFrame; names: string[]; mySeat: number | null; ready?: () => void; receivedAt: number }) {
  const { t, table } = p;
  const over = table.round_over;
  const rounds = table.view?.rounds_played ?? 0;
  // The round end this page pressed Continue for (one `ready` per round end).
  const [pressed, setPressed] = useState<number | null>(null);
  useEffect(() => {
    if (!over) setPressed(null);
  }, [over]);
  const secs = useSecondsLeft(over?.in_ms ?? null, p.receivedAt);
  if (!over) return null;
  const { button, waiting } = continueState(table, p.mySeat, pressed);
  const mine = button && !!p.ready;
  return (
    <div class="continue-bar" role="group" aria-label={t('web.table.continue')}>
      {mine && (
        <button
          type="button"
          class="act primary continue-button"
          data-action="ready"
          onClick={() => {
            setPressed(rounds);
            p.ready!();
          }}
        >
          {t('web.table.continue')}
          {secs !== null && <span class="continue-secs">{t('web.table.seconds', { seconds: secs })}</span>}
        </button>
      )}
      {waiting.length > 0 && (
        <p class="muted waiting-for" role="status">
          {t('web.table.waiting_for', { names: waiting.map((i) => p.names[i] ?? '').join(', ') })}
        </p>
      )}
    </div>
  );
}

/**
 * At a round's end: whether this page offers Continue (a seated person not yet ready, who has
 * not pressed it for this round end) and the seats the table still waits for (this page's own
 * seat counts as ready once pressed, before the server's frame says so).
 */
export function continueState(table: TableFrame, mySeat: number | null, pressedRound: number | null): { button: boolean; waiting: number[] } {
  const over = table.round_over;
  if (!over) return { button: false, waiting: [] };
  const rounds = table.view?.rounds_played ?? 0;
  const ready = over.ready ?? [];
  const pressed = pressedRound === rounds;
  const button = mySeat !== null && !ready.includes(mySeat) && !pressed;
  const waiting = table.seats.map((_, i) => i).filter((i) => !ready.includes(i) && !(i === mySeat && pressed));
  return { button, waiting };
}

/** A gone person's seat: the seconds until the zombie bot takes it over (TABLE seat `takeover_in_ms`). */
export function TakeoverClock(p: { t: Translate; inMs: number | null | undefined; receivedAt: number }) {
  const secs = useSecondsLeft(p.inMs, p.receivedAt);
  if (secs === null) return null;
  return <span class="tag takeover">{p.t('web.table.takeover', { seconds: secs })}</span>;
}

/**
 * One answer per decision: a double click or double tap sends the first click only (the
 * server would ignore the repeat too, docs/protocol.md `act`). Returns whether to send.
 */
export function firstAnswer(sent: { decision: number | undefined }, decision: number | undefined): boolean {
  if (decision !== undefined && sent.decision === decision) return false;
  sent.decision = decision;
  return true;
}

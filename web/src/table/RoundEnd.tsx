// The end of a round: every card turned up (the grids show it), each display's sum, the
// empty-display bonus (the server's `empty_display` flag, never guessed from a score), the
// ender's doubling or halving in one line; and the scoreboard of all
// rounds of the game, from the server's TABLE.rounds (or, from an older server, the
// `round-scored` events this page saw).
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { LastRound, LoggedEvent, PublicView } from '../protocol/view';
import { enderSentence, type Translate, type Voices } from '../text/narrator';
import { useSecondsLeft } from './Countdown';

export function RoundEnd(p: { t: Translate; view: PublicView; names: string[]; voices: Voices; roundOverMs: number | null; receivedAt: number; children?: ComponentChildren }) {
  const { t, view, names } = p;
  const lr = view.last_round!;
  const secs = useSecondsLeft(p.roundOverMs, p.receivedAt);
  const roundNo = view.phase === 'round-over' ? view.round + 1 : view.rounds_played;
  const order = names.map((_, i) => i);
  return (
    <section class="panel round-end" aria-labelledby="round-end-h">
      <h2 id="round-end-h">{t('result.title', { round: roundNo })}</h2>
      <ul class="round-lines">
        {order.map((i) => (
          <li key={i} class={lr.ender === i ? 'ender' : ''}>
            {t('result.line', { name: names[i] ?? '', display: (lr.raw_half[i] ?? 0) / 2, score: (lr.score_half[i] ?? 0) / 2, total: (view.totals_half[i] ?? 0) / 2 })}
            {lr.empty_display?.[i] === true && <div class="bonus">{t('result.bonus', { actor: i === p.voices.you ? 'you' : 'other', name: names[i] ?? '' })}</div>}
          </li>
        ))}
      </ul>
      {lr.ender !== null && (
        <p class="ender-line">
          {enderSentence(t, p.voices, { player: lr.ender, display_half: lr.raw_half[lr.ender] ?? 0, score_half: lr.score_half[lr.ender] ?? 0, penalised: lr.penalised })}
        </p>
      )}
      {secs !== null && view.phase === 'round-over' && <p class="muted">{t('web.table.next_round', { seconds: secs })}</p>}
      {p.children}
    </section>
  );
}

/** Each round's scores (half points) of the current game, from the log. */
export function roundScores(events: readonly LoggedEvent[], players: number): number[][] {
  let rounds: number[][] = [];
  let cur: number[] | null = null;
  for (const { event: e } of events) {
    if (e.type === 'game-started') {
      rounds = [];
      cur = null;
    } else if (e.type === 'round-scored') {
      if (!cur) {
        cur = Array(players).fill(0);
        rounds.push(cur);
      }
      cur[e.player] = e.score_half;
    } else cur = null;
  }
  return rounds;
}

/**
 * The scoreboard's rows: each finished round's scores (half points). The server's list when it
 * sends one (every round, also after a reload); else the rounds this page saw.
 */
export function scoreRows(listed: readonly LastRound[] | undefined, events: readonly LoggedEvent[], players: number, roundsPlayed: number): number[][] {
  if (listed) return listed.map((r) => r.score_half);
  return roundScores(events, players).slice(-roundsPlayed || undefined);
}

export function Scoreboard(p: { t: Translate; events: LoggedEvent[]; rounds: LastRound[] | undefined; names: string[]; open: boolean; totalsHalf: number[]; roundsPlayed: number }) {
  const { t, names } = p;
  // The totals are always the server's.
  const rounds = scoreRows(p.rounds, p.events, names.length, p.roundsPlayed);
  // Opened at each round's end, it stays open through the next round until the player closes it.
  const [shown, setShown] = useState(p.open);
  useEffect(() => {
    if (p.open) setShown(true);
  }, [p.open]);
  if (p.roundsPlayed === 0) return null;
  const totals = names.map((_, i) => p.totalsHalf[i] ?? 0);
  const first = p.roundsPlayed - rounds.length;
  return (
    <details class="panel scoreboard" open={shown} onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t('table.scores')}</summary>
      <div class="score-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <span class="sr-only">{t('web.table.round_head')}</span>
              </th>
              {names.map((n, i) => (
                <th key={i} scope="col">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.map((r, k) => (
              <tr key={k}>
                <th scope="row">{t('table.round', { round: first + k + 1 })}</th>
                {r.map((s, i) => (
                  <td key={i}>{s / 2}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('table.total')}</th>
              {totals.map((s, i) => (
                <td key={i}>{s / 2}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}

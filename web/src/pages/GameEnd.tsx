// The end of a game: the winners, everyone's total (lowest first), a rematch (the creator
// deals the next game at the same table), the replay and the record of the game.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT, useLang } from '../i18n/context';
import { session } from '../net/session';
import { onLinkClick, navigate } from '../app/router';
import type { TableState } from '../state/table';
import { listNames, points } from './format';
import { PlayAgainButton, RatingCell, SeatName, ratingChanges } from '../players/endOfGame';

export function GameEnd(p: { ts: TableState; isCreator: boolean }) {
  const t = useT();
  const { lang } = useLang();
  const table = p.ts.table!;
  const view = table.view;
  const names = table.seats.map((s, i) => (s.kind === 'open' ? null : s.name) ?? t('name.player', { number: i + 1 }));
  const totals = view?.totals_half ?? [];
  const winners = view?.winners ?? [];
  const order = names.map((_, i) => i).sort((a, b) => (totals[a] ?? 0) - (totals[b] ?? 0) || a - b);
  const iWon = p.ts.mySeat !== null && winners.includes(p.ts.mySeat);
  const game = table.game;
  const changes = ratingChanges(table);
  const [shown, setShown] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  let rank = 0;
  if (!shown)
    return (
      <button type="button" class="primary show-results" onClick={() => setShown(true)}>
        {t('web.app.show_results')}
      </button>
    );
  return (
    <section class="panel game-end" role="dialog" aria-labelledby="end-h">
      <h2 id="end-h" tabIndex={-1} ref={heading}>
        {t('web.app.game_over')}
      </h2>
      <p class="winners" role="status">
        {iWon ? t('web.app.you_win', { count: winners.length }) : t('web.app.winners', { count: winners.length, names: listNames(winners.map((w) => names[w] ?? ''), lang) })}
      </p>
      <table class="totals">
        <caption class="sr-only">{t('web.app.totals')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('web.app.player')}</th>
            <th scope="col">{t('table.total')}</th>
            {changes && <th scope="col">{t('web.players.rating')}</th>}
          </tr>
        </thead>
        <tbody>
          {order.map((i, k) => {
            if (k === 0 || totals[i] !== totals[order[k - 1]!]) rank = k + 1;
            return (
              <tr key={i} class={`${winners.includes(i) ? 'winner' : ''}${p.ts.mySeat === i ? ' mine' : ''}`}>
                <td>{rank}</td>
                <th scope="row">
                  <SeatName table={table} seat={i} name={names[i] ?? ''} />
                </th>
                <td class="num">{points(totals[i] ?? 0, lang)}</td>
                {changes && <RatingCell change={changes.find((c) => c.seat === i)} />}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div class="end-actions">
        {p.isCreator ? (
          <button type="button" class="primary big" onClick={() => void session.rematch().catch(() => {})}>
            {t('web.app.rematch')}
          </button>
        ) : (
          <>
            <p class="muted">{t('web.app.rematch_wait')}</p>
            {p.ts.mySeat !== null && <PlayAgainButton table={table} name={names[p.ts.mySeat] ?? ''} />}
          </>
        )}
        {game && (
          <a class="button" href={`/games/${game}`} onClick={(e) => onLinkClick(e, `/games/${game}`)}>
            {t('web.app.replay_link')}
          </a>
        )}
        {game && (
          <a class="button" href={`/games/${game}/review`} onClick={(e) => onLinkClick(e, `/games/${game}/review`)}>
            {t('web.review.link')}
          </a>
        )}
        {game && (
          <a class="button" href={`/games/${game}.jsonl`} download>
            {t('web.app.record_link')}
          </a>
        )}
        <button
          type="button"
          onClick={() => {
            session.leaveTable();
            navigate('/');
          }}
        >
          {t('web.app.new_table')}
        </button>
        <button type="button" onClick={() => setShown(false)}>
          {t('web.app.see_table')}
        </button>
      </div>
    </section>
  );
}

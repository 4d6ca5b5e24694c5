// /leaderboard: the established players (the server lists only those) by display rating,
// overall and per player count (tabs: overall, 2 to 6 players): the top 100, and "around me",
// the rows above and below this browser's player when he is on the board.
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { api, ApiFailure } from './api';
import type { Leaderboard as Board, LeaderboardRow } from './apiTypes';
import { PlayerLink, Rating } from './names';
import { failureText } from './errors';
import { session } from '../net/session';
import './players.css';

type T = ReturnType<typeof useT>;
const COUNTS = [0, 2, 3, 4, 5, 6];

function fromQuery(): number {
  const n = Number(new URLSearchParams(location.search).get('players') ?? 0);
  return COUNTS.includes(n) ? n : 0;
}

export function Leaderboard() {
  const t = useT();
  // The socket, for an invitation to play again while this page is open.
  useEffect(() => session.connect(), []);
  const [count, setCount] = useState(fromQuery);
  const [board, setBoard] = useState<Board | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    setBoard(null);
    setFailure(null);
    api.leaderboard(count).then(setBoard, (e: ApiFailure) => setFailure(e));
  }, [count]);
  useEffect(() => {
    document.title = `${t('web.board.title')} · ALLEGRA`;
    return () => {
      document.title = 'ALLEGRA';
    };
  }, [t]);
  const choose = (n: number) => {
    setCount(n);
    history.replaceState(null, '', n === 0 ? '/leaderboard' : `/leaderboard?players=${n}`);
  };
  return (
    <div class="page board-page">
      <h1>{t('web.board.title')}</h1>
      <div class="board-tabs" role="group" aria-label={t('web.board.which')}>
        {COUNTS.map((n) => (
          <button key={n} type="button" aria-pressed={n === count} class={n === count ? 'chosen' : ''} onClick={() => choose(n)}>
            {n === 0 ? t('web.board.overall') : t('web.board.count', { count: n })}
          </button>
        ))}
      </div>
      <p class="muted board-note">{t('web.board.note')}</p>
      {failure && <p role="alert">{failureText(t, failure)}</p>}
      {!board && !failure && (
        <p class="muted" role="status">
          {t('web.app.connecting')}
        </p>
      )}
      {board && (
        <div class="board-grid">
          {board.me && board.around_me.length > 0 && (
            <section aria-labelledby="around-h" class="around">
              <h2 id="around-h">{t('web.board.around_me', { rank: board.me.rank })}</h2>
              <Rows t={t} rows={board.around_me} me={board.me.player.id} />
            </section>
          )}
          {board.rows.length === 0 ? (
            <p class="muted">{t('web.board.empty')}</p>
          ) : (
            <section aria-labelledby="top-h">
              <h2 id="top-h">{t('web.board.top', { count: board.rows.length, total: board.total })}</h2>
              <Rows t={t} rows={board.rows} me={board.me?.player.id ?? null} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function Rows(props: { t: T; rows: LeaderboardRow[]; me: number | null }) {
  const { t } = props;
  return (
    <table class="board">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('web.app.player')}</th>
          <th scope="col">{t('web.players.rating')}</th>
          <th scope="col">{t('web.players.rated_games')}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.player.id} class={r.player.id === props.me ? 'mine' : ''}>
            <td class="num">{r.rank}</td>
            <th scope="row">
              <PlayerLink t={t} player={r.player} />
            </th>
            <td class="num">
              <Rating t={t} display={r.player.rating.display} provisional={r.player.rating.provisional} />
            </td>
            <td class="num">{r.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

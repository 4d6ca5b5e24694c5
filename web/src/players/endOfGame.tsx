// The players' part of the table's pages: in the lobby (pages/Lobby.tsx) the names link to the
// profiles (TABLE.seats[].player) and a rated table shows each person's rating
// (TABLE.seats[].rating); at the game end (pages/GameEnd.tsx) each seat's rating change
// (TABLE.rating_changes, once a rated game's end is stored), and "Play again with the same
// people" for whoever is not the creator, whose `rematch` deals again at this table.
import { useState } from 'preact/hooks';
import { useT, useLang } from '../i18n/context';
import { navigate, onLinkClick } from '../app/router';
import { problemText } from '../app/errors';
import type { RequestError } from '../net/connection';
import type { TableState } from '../state/table';
import type { RatingChange } from './apiTypes';
import { useMe } from './me';
import { profilePath, Rating, signed } from './names';
import { playAgain, type AgainGame } from './playAgain';
import './players.css';

type Table = NonNullable<TableState['table']>;

/** The player id of seat `i` (the wire's `seats[].player`), if the server sent one. */
export function seatPlayer(table: Table, i: number): number | null {
  const seat = table.seats[i] as { player?: number } | undefined;
  return typeof seat?.player === 'number' ? seat.player : null;
}

export function ratingChanges(table: Table): RatingChange[] | null {
  const c = (table as { rating_changes?: RatingChange[] | null }).rating_changes;
  return Array.isArray(c) && c.length > 0 ? c : null;
}

/** A seat's name: a link to the profile when the seat has a player. */
export function SeatName(props: { table: Table; seat: number; name: string }) {
  const id = seatPlayer(props.table, props.seat);
  if (id === null) return <>{props.name}</>;
  const path = profilePath(id);
  return (
    <a href={path} onClick={(e) => onLinkClick(e, path)}>
      {props.name}
    </a>
  );
}

/** A person's display rating at a rated table (the wire's `seats[].rating`), after his name. */
export function SeatRating(props: { seat: Table['seats'][number] }) {
  const t = useT();
  const r = (props.seat as { rating?: { display: number; provisional: boolean } }).rating;
  if (!r) return null;
  return (
    <small class="seat-rating">
      {' '}
      <Rating t={t} display={r.display} provisional={r.provisional} />
    </small>
  );
}

/** The rating cell of a seat: "1034 (+34)". */
export function RatingCell(props: { change: RatingChange | undefined }) {
  const t = useT();
  const { lang } = useLang();
  const c = props.change;
  if (!c) return <td class="num">–</td>;
  const diff = c.after - c.before;
  return (
    <td class={`num rating-change ${diff >= 0 ? 'up' : 'down'}`}>
      <Rating t={t} display={c.after} provisional={c.provisional} /> <span class="delta">({signed(diff, lang)})</span>
    </td>
  );
}

/** The game of this table, for "play again": its options, bots and people. */
export function againOfTable(table: Table): AgainGame {
  return {
    options: table.config.options,
    rated: (table.config as { rated?: boolean }).rated === true,
    seats: table.seats.map((s, i) => ({ bot: s.kind === 'bot' ? s.level : null, player: seatPlayer(table, i) })),
  };
}

/** "Play again with the same people": a new table, the others invited. */
export function PlayAgainButton(props: { table: Table; name: string }) {
  const t = useT();
  const m = useMe();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const code = await playAgain(againOfTable(props.table), m.player?.id ?? null, props.name);
      navigate(`/t/${code}`);
    } catch (e) {
      const err = e as RequestError;
      setProblem(problemText(t, err.code ?? 'internal', err.message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="primary big" disabled={busy} onClick={() => void go()}>
        {t('web.players.play_again')}
      </button>
      {problem && (
        <p role="alert" class="said bad">
          {problem}
        </p>
      )}
    </>
  );
}

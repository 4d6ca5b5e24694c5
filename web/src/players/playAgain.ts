// "Play again with the same people" (issue 29 §3): a new table with the options of a finished
// game, the same bots in their seats and the seats of the game's people open, and an
// invitation to each of those people (`create.invite`, /work/players-spec.md section 3). This
// browser's player sits where he sat; the others come by the invitation and take the open seats.
import { session } from '../net/session';
import { storage } from '../net/storage';
import type { CreateMessage, RuleOptions } from '../protocol/messages';

export interface AgainSeat {
  /** A bot's spec (`easy`, `level:expert`, ...), null for a person. */
  bot: string | null;
  /** The person's player id, null for a bot or a person without one. */
  player: number | null;
}

export interface AgainGame {
  options: RuleOptions;
  rated: boolean;
  seats: AgainSeat[];
}

/**
 * The create message of the new table (pure, for tests), the seats in the game's order (bots
 * where they sat, the people's seats open), and the seat this browser's player `me` takes: his
 * seat in that game, else the first seat of a person.
 */
export function againCreate(g: AgainGame, me: number | null): { create: Omit<CreateMessage, 'type' | 'id'> & { invite: number[] }; seat: number } {
  const seats = g.seats.map((s) => (s.bot === null ? ('person' as const) : (`bot:${s.bot}` as const)));
  const mine = g.seats.findIndex((s) => s.bot === null && s.player !== null && s.player === me);
  const seat = mine >= 0 ? mine : Math.max(0, seats.indexOf('person'));
  const invite = [...new Set(g.seats.filter((s) => s.bot === null && s.player !== null && s.player !== me).map((s) => s.player!))];
  const players = g.seats.length;
  const options: RuleOptions = g.rated ? { players } : { ...g.options, players };
  return {
    create: { options, seats, public: false, ...(g.rated ? { rated: true } : {}), invite: invite.slice(0, 5) },
    seat,
  };
}

/** Creates the table, sits with the given name, and returns its code. */
export async function playAgain(g: AgainGame, me: number | null, name: string): Promise<string> {
  const { create, seat } = againCreate(g, me);
  const code = await session.create(create as Omit<CreateMessage, 'type' | 'id'>);
  await session.sit(seat, name.trim() || storage.name() || 'Player');
  return code;
}

/** The options and bots of a finished game, from its replay file (docs/replay-format.md). */
export async function againFromReplay(game: string, rated: boolean, people: Map<number, number>): Promise<AgainGame> {
  const res = await fetch(`/games/${encodeURIComponent(game)}/replay.json`);
  if (!res.ok) throw new Error(`the game ${game} cannot be read (${res.status})`);
  const replay = (await res.json()) as { players: { name: string; bot: string | null }[]; options: RuleOptions };
  return {
    options: replay.options,
    rated,
    seats: replay.players.map((p, seat) => ({ bot: p.bot, player: people.get(seat) ?? null })),
  };
}

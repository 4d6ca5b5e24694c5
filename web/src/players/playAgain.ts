// "Play again with the same people" (issue 29 §3): a new table with the options of a finished
// game, the same bots in their seats and the seats of the game's people open, and an
// invitation to each of those people (`create.invite`, /work/players-spec.md section 3). This
// browser's player sits in seat 1; the others come by the invitation and take the open seats.
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

/** The create message of the new table (pure, for tests): `me` is this browser's player id. */
export function againCreate(g: AgainGame, me: number | null): Omit<CreateMessage, 'type' | 'id'> & { invite: number[] } {
  const others = g.seats.filter((s) => s.bot === null && s.player !== null && s.player !== me).map((s) => s.player!);
  const bots = g.seats.filter((s) => s.bot !== null).map((s) => `bot:${s.bot}` as const);
  // Seat 1 is this player's, then the people's open seats, then the bots.
  const seats = ['person' as const, ...others.map(() => 'person' as const), ...bots];
  while (seats.length < g.seats.length) seats.push('person');
  const players = g.seats.length;
  const options: RuleOptions = g.rated ? { players } : { ...g.options, players };
  return {
    options,
    seats: seats.slice(0, players),
    public: false,
    ...(g.rated ? { rated: true } : {}),
    invite: [...new Set(others)].slice(0, 5),
  };
}

/** Creates the table, sits in seat 1 with the stored name, and returns its code. */
export async function playAgain(g: AgainGame, me: number | null, name: string): Promise<string> {
  const code = await session.create(againCreate(g, me) as Omit<CreateMessage, 'type' | 'id'>);
  await session.sit(0, name.trim() || storage.name() || 'Player');
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

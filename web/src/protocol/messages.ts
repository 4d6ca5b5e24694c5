// The message envelopes of the `allegra serve` protocol, version 1 (docs/protocol.md): what the
// client sends and what the server answers. The table itself (TABLE, the public view, events)
// is typed in ./view.ts. Only documented fields are sent: the server rejects unknown keys.
import type { Options, TableFrame, TableEvent } from './view';

export const PROTOCOL_VERSION = 1;

export type SeatSpec = 'person' | `bot:${string}`;

/** The rule options of `create`: the same object as the public view's (docs/record-format.md). */
export type RuleOptions = Options;

export interface CreateMessage {
  type: 'create';
  id?: number;
  options: RuleOptions;
  seats?: SeatSpec[];
  public?: boolean;
  knock_window_s?: number;
  turn_clock_s?: number | null;
  grace_s?: number;
  zombie_bot?: string;
  hints?: boolean;
  sit?: number;
}

export type ClientMessage =
  | { type: 'hello'; version: number; name?: string }
  | CreateMessage
  | { type: 'list'; id?: number }
  | { type: 'join'; id?: number; code: string; token?: string; creator_token?: string; last_seq?: number }
  | { type: 'watch'; id?: number; code: string }
  | { type: 'sit'; id?: number; seat: number; name?: string }
  | { type: 'stand'; id?: number }
  | { type: 'bot'; id?: number; seat: number; level: string | null }
  | { type: 'start'; id?: number }
  | { type: 'act'; id?: number; action: string; decision?: number }
  | { type: 'chat'; id?: number; text: string }
  | { type: 'rematch'; id?: number }
  | { type: 'hint'; id?: number }
  | { type: 'leave'; id?: number }
  | { type: 'ping'; id?: number };

/** A message the client sends, without the `id` (the connection numbers requests). */
export type Outgoing = ClientMessage extends infer M ? (M extends { id?: number } ? Omit<M, 'id'> : never) : never;

export interface ServerChatLine {
  seq?: number;
  seat: number | null;
  name: string;
  text: string;
}

export interface TableSummary {
  code: string;
  status: 'lobby' | 'playing' | 'over';
  players: number;
  open_seats: number;
  spectators: number;
  seats: { kind: 'person' | 'bot' | 'open'; name?: string; level?: string }[];
}

/** Why a hinted move is worth what it is: a code and the arguments it uses (docs/protocol.md "hint"). */
export interface HintReason {
  code: string;
  card?: number;
  old?: number;
  mean?: number;
}

/** The hint as data: the moves best first with their expected scores (points) and reasons. */
export interface HintReply {
  action: string;
  expected_now: number;
  order: 'by_points' | 'equal_points' | 'search_prefers';
  moves: { action: string; expected: number; reason: HintReason }[];
}

export type ServerMessage =
  | { type: 'welcome'; version: number; server: string; limits: Record<string, number> }
  | { type: 'created'; id?: number; code: string; link: string; creator_token: string }
  | { type: 'seated'; id?: number; code: string; seat: number; token?: string }
  | { type: 'tables'; id?: number; tables: TableSummary[] }
  | { type: 'state'; id?: number; seq: number; table: TableFrame; chat: ServerChatLine[]; you: number | null }
  | { type: 'resumed'; id?: number; code: string; seq: number; you: number | null }
  | { type: 'update'; seq: number; events: TableEvent[]; table: TableFrame }
  | { type: 'chat'; seq: number; seat: number | null; name: string; text: string }
  | { type: 'pong'; id?: number }
  | ({ type: 'hint'; id?: number } & HintReply)
  | { type: 'error'; id?: number | null; code: string; message: string }
  | { type: 'bye'; reason: string };

/** The replies that answer a request by repeating its id. */
export function replyId(m: ServerMessage): number | undefined {
  return 'id' in m && typeof m.id === 'number' ? m.id : undefined;
}

/** A finished game for the replay viewer: `GET /games/ID/replay.json` (docs/replay-format.md). */
export interface ReplayFile {
  format: number;
  game: string;
  players: { name: string; bot: string | null }[];
  options: RuleOptions;
  seed?: string;
  rounds?: { first_player: number; ender: number | null; scores: number[]; raw: number[] }[];
  totals?: number[];
  winners?: number[];
  initial: NonNullable<TableFrame['view']>;
  steps: ReplayStep[];
}

export interface ReplayStep {
  index: number;
  round: number;
  player: number;
  action: string;
  events: TableEvent[];
  /** The finished round on show before the next deal, when this decision ended a round that is not the last. */
  round_over: NonNullable<TableFrame['view']> | null;
  view: NonNullable<TableFrame['view']>;
}

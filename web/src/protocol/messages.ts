// The message envelopes of the `allegra serve` protocol, version 1 (docs/protocol.md): what the
// client sends and what the server answers. The types are generated from the protocol's JSON
// Schema (data/protocol/protocol.schema.json) and re-exported here under the names the
// components use; the table itself (TABLE, the public view, events) is re-exported by ./view.ts.
// Only documented fields are sent: the server rejects unknown keys.
import type {
  ChatLine,
  ClientMessage,
  Create,
  CreateOptions,
  HintReason,
  HintReply as HintMessage,
  ProtocolVersion,
  PublicView,
  RuleOptions as EngineRuleOptions,
  SeatSpec,
  ServerMessage,
  TableEvent,
  TableSummary,
} from './generated/protocol';

export type { ClientMessage, HintReason, SeatSpec, ServerMessage, TableSummary };

export const PROTOCOL_VERSION: ProtocolVersion = 1;

/** The rule options of `create`: every key optional (docs/record-format.md). */
export type RuleOptions = CreateOptions;

export type CreateMessage = Create;

/** The hint as data, the `hint` reply without its envelope: the best action, the expected score now, the moves best first with their reasons. */
export type HintReply = Omit<HintMessage, 'type' | 'id'>;

/** A message the client sends, without the `id` (the connection numbers requests). */
export type Outgoing = ClientMessage extends infer M ? (M extends { id?: number } ? Omit<M, 'id'> : never) : never;

/** A chat line of `state` (and the `chat` frame without its type). */
export type ServerChatLine = ChatLine;

/** The replies that answer a request by repeating its id. */
export function replyId(m: ServerMessage): number | undefined {
  return 'id' in m && typeof m.id === 'number' ? m.id : undefined;
}

// The replay file is no protocol message: it is docs/replay-format.md, not in the schema.

/** A finished game for the replay viewer: `GET /games/ID/replay.json` (docs/replay-format.md). */
export interface ReplayFile {
  format: number;
  game: string;
  players: { name: string; bot: string | null }[];
  options: EngineRuleOptions;
  seed?: string;
  rounds?: { first_player: number; ender: number | null; scores: number[]; raw: number[] }[];
  totals?: number[];
  winners?: number[];
  initial: PublicView;
  steps: ReplayStep[];
}

export interface ReplayStep {
  index: number;
  round: number;
  player: number;
  action: string;
  events: TableEvent[];
  /** The finished round on show before the next deal, when this decision ended a round that is not the last. */
  round_over: PublicView | null;
  view: PublicView;
}

// The table as the server shows it (docs/protocol.md "TABLE") and the engine's public view and
// events inside it (docs/state-format.md). The types are generated from the protocol's JSON
// Schema (data/protocol/protocol.schema.json, by scripts/protocol-types.mjs) and re-exported
// here under the names the components use; this module adds only pure readers of the engine's
// cell texts. The client never decides legality: what a seat may do is always the server's
// `pending[].legal` list.
import type {
  CardValue,
  Cell,
  CellText,
  ChatLine,
  EngineEvent as WireEngineEvent,
  MaybeHidden,
  Pending,
  Phase,
  PublicView,
  RoundResult,
  RuleOptions,
  SeatInfo,
  TableConfig,
  TableFrame,
  TableOwnEvent,
} from './generated/protocol';

export type {
  CardValue,
  Cell,
  CellText,
  ChatLine,
  MaybeHidden,
  Pending,
  Phase,
  PublicView,
  SeatInfo,
  TableConfig,
  TableFrame,
  TableOwnEvent,
};

/** The rule options as the engine writes them (every key). */
export type Options = RuleOptions;

/** A scored round: the view's `last_round` and each entry of TABLE.rounds. */
export type LastRound = RoundResult;

/**
 * An engine event as the client keeps it: without the narrator's English `text` that the server
 * adds (the browser words every event itself from the data, with data/lang).
 */
export type EngineEvent = WireEngineEvent extends infer E ? (E extends unknown ? Omit<E, 'text'> : never) : never;

export type TableEvent = EngineEvent | TableOwnEvent;

/** An event as logged by the client: the seq of the frame that brought it. */
export interface LoggedEvent {
  seq: number;
  event: TableEvent;
}

/** A cell text read: owner, row 0-2, column 0-3; null if it is not one. */
export interface CellRef {
  owner: number;
  row: number;
  col: number;
}

export function parseCell(text: string): CellRef | null {
  const m = /^(\d)([abc])([0-3])$/.exec(text);
  if (!m) return null;
  return { owner: Number(m[1]), row: 'abc'.indexOf(m[2]!), col: Number(m[3]) };
}

export function cellText(c: CellRef): CellText {
  return `${c.owner}${'abc'[c.row]}${c.col}`;
}

/** Index 0..11 of a cell in its owner's grid (reading order). */
export function cellIndex(c: CellRef): number {
  return c.row * 4 + c.col;
}

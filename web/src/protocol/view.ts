// The table as the server shows it (docs/protocol.md "TABLE") and the engine's public view and
// events inside it (docs/state-format.md). Types only, plus a few pure readers of the engine's
// text forms (cells, lines). The client never decides legality: what a seat may do is always
// the server's `pending[].legal` list.

/** A card value -1..11; "hidden" for a card nobody may know (a face-down card in a hand). */
export type CardValue = number;
export type MaybeHidden = CardValue | 'hidden';

/** A grid cell of the public view: a face-down cell never has a value. */
export type Cell = { state: 'down' } | { state: 'up'; value: CardValue } | { state: 'empty' };

/** Cell text `<owner><row><column>`, e.g. "1b3". */
export type CellText = string;

export type Phase =
  | 'setup-reveal'
  | 'choose-draw'
  | 'knock-window'
  | 'choose-knocker'
  | 'hold-drawn'
  | 'reveal-after-discard'
  | 'knocker-swap'
  | 'take'
  | 'put'
  | 'choose-line'
  | 'round-over'
  | 'game-over';

/** The rule options (docs/record-format.md); every key optional, defaults as documented. */
export interface Options {
  players?: number;
  rounds?: number;
  point_limit?: number;
  knocking?: boolean;
  optional_clearing?: boolean;
  discard_draw_may_discard?: boolean;
  deck_counts?: number[];
  small_game_removal?: number;
}

export interface LastRound {
  raw_half: number[];
  score_half: number[];
  ender: number | null;
  penalised: boolean;
  /** Per player: the display was empty when the round was scored (R9: the empty-display value). */
  empty_display: boolean[];
}

/** The engine's public view: what every player (and spectator) may know. */
export interface PublicView {
  options: Options;
  phase: Phase;
  round: number;
  rounds_played: number;
  first_player: number;
  active: number;
  setup_reveals_left: number;
  ender: number | null;
  final_done: number[];
  held: CardValue | null;
  held_from_discard: boolean;
  knock_pending: number[];
  knockers: number[];
  knocker: number | null;
  hole: CellText | null;
  pending_discard: CardValue | null;
  pending_discard_from: CellText | null;
  clearer: number | null;
  totals_half: number[];
  current_player: number | null;
  dealer: number;
  /** Per player, 12 cells in reading order a0..c3. */
  grids: Cell[][];
  draw_pile_size: number;
  /** Top card first. */
  discard_pile: CardValue[];
  hand: MaybeHidden | null;
  taken: MaybeHidden | null;
  last_round: LastRound | null;
  winners: number[] | null;
  /** Per player p: the player whose grid column 4 is column 1 (index 0) of p's display. */
  shared_from: number[];
  /** Optional on older servers (0). */
  turns_in_round?: number;
}

export interface SeatInfo {
  kind: 'person' | 'bot' | 'open';
  name?: string;
  level?: string;
  connected?: boolean;
  zombie?: boolean;
}

export interface Pending {
  seat: number;
  legal: string[];
  /** Time left when the frame was built; null: no clock. */
  in_ms: number | null;
  knock_window: boolean;
  /** The decision number (newer servers); sent back with `act` so a stale answer is refused. */
  decision?: number;
  /** One per legal `clear ...` action, in the order of `legal`: the cells that clear removes. */
  lines?: { action: string; cells: CellText[] }[];
}

export interface TableConfig {
  options: Options;
  knock_window_ms: number;
  turn_clock_ms: number | null;
  grace_ms: number;
  zombie_bot: string;
  /** Newer servers: the table allows hints. */
  hints?: boolean;
}

export interface TableFrame {
  code: string;
  status: 'lobby' | 'playing' | 'over';
  game: string | null;
  public: boolean;
  config: TableConfig;
  seats: SeatInfo[];
  spectators: number;
  view: PublicView | null;
  pending: Pending[];
  round_over: { in_ms: number } | null;
  /** The finished rounds of the game, in order (newer servers; older ones: absent). */
  rounds?: LastRound[];
  seed: string | null;
}

/** Engine events (docs/state-format.md "Events"); every one carries `text` from the server. */
export type EngineEvent =
  | { type: 'round-started'; round: number; player: number; card: CardValue; text?: string }
  | {
      type: 'turn-started' | 'knocked' | 'passed' | 'refused' | 'lines-left' | 'round-ended' | 'turn-skipped';
      player: number;
      text?: string;
    }
  | { type: 'revealed'; player: number; card: CardValue; cell: CellText; text?: string }
  | { type: 'reshuffled'; cards: number; text?: string }
  | { type: 'drew'; player: number; card: CardValue; pile: 'draw' | 'discard'; text?: string }
  | { type: 'gave'; player: number; knocker: number; text?: string }
  | { type: 'swapped'; player: number; card: CardValue; old_card: CardValue; cell: CellText; text?: string }
  | { type: 'discarded'; player: number; card: CardValue; cell: CellText | null; text?: string }
  | { type: 'knocker-swapped'; player: number; card: CardValue; old_card: MaybeHidden; cell: CellText; text?: string }
  | { type: 'took'; player: number; card: MaybeHidden; cell: CellText; text?: string }
  | { type: 'put'; player: number; card: CardValue; old_card: CardValue; cell: CellText; text?: string }
  | { type: 'put-back'; player: number; card: CardValue; cell: CellText; text?: string }
  | { type: 'cleared'; player: number; card: CardValue; line: string; cells: CellText[]; text?: string }
  | { type: 'final-revealed'; card: CardValue; cell: CellText; text?: string }
  | {
      type: 'round-scored';
      player: number;
      display_half: number;
      score_half: number;
      penalised: boolean;
      empty_display: boolean;
      text?: string;
    }
  | { type: 'game-over'; winners: number[]; text?: string };

/** The table's own events (docs/protocol.md "update"). */
export type TableOwnEvent =
  | { type: 'sat'; seat: number; name: string }
  | { type: 'stood'; seat: number }
  | { type: 'bot'; seat: number; level: string | null }
  | { type: 'left' | 'back'; seat: number }
  | { type: 'zombie'; seat: number; why: 'grace' | 'clock' }
  | { type: 'game-started'; game: string; first_player: number }
  | { type: 'game-saved'; game: string };

export type TableEvent = EngineEvent | TableOwnEvent;

/** An event as logged by the client: the seq of the frame that brought it. */
export interface LoggedEvent {
  seq: number;
  event: TableEvent;
}

export interface ChatLine {
  seq: number;
  seat: number | null;
  name: string;
  text: string;
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

// The events of a table in words: the same `narr.*`, `place.*` and `result.*` messages, chosen
// for the same events with the same arguments, as the terminal game's narrator
// (src/text/narrator.cc), so both say the same thing in every language: both are checked on the
// same golden fixtures (tests/text/golden/narrator_fixtures.json, events in, sentences out in
// five languages). Pure: a translate function in, sentences out (narrator.test.ts). It knows no
// rule: whose column completes a display comes from the event's cells or the view's
// `shared_from`. The table's own events (a person
// sat down, lost the connection, a bot took over) use `web.table.*`.
import type { LoggedEvent, PublicView, TableEvent } from '../protocol/view';
import { parseCell } from '../protocol/view';

export type Translate = (key: string, args?: Record<string, string | number | boolean | null | undefined>) => string;

export interface Voices {
  /** The players' names by seat. */
  names: string[];
  /** The seat addressed as "you" (null: a spectator, everyone is named). */
  you: number | null;
}

/** A message key with its arguments (what narrate chooses; the tests check the keys). */
export interface Said {
  key: string;
  args: Record<string, string | number | boolean | null | undefined>;
  /** Continues the sentence before (narr.and_clears). */
  joins?: boolean;
}

const actorOf = (v: Voices, p: number) => (p === v.you ? 'you' : 'other');
const nameOf = (v: Voices, p: number) => v.names[p] ?? '';
const card = (c: number | 'hidden') => (c === 'hidden' ? '' : String(c));
const face = (c: number | 'hidden') => (c === 'hidden' ? 'down' : 'up');

/** "row 2, column 3" (the subject's own cell) or "Bea's row 2, column 4" (src/text/cell_names.cc). */
export function placeArgs(v: Voices, subject: number, cell: string): Said {
  const c = parseCell(cell);
  if (!c) return { key: 'place.cell', args: { row: '?', col: '?' } };
  if (c.owner === subject) return { key: 'place.cell', args: { row: c.row + 1, col: c.col + 1 } };
  return { key: 'place.cell_of', args: { target: c.owner === v.you ? 'you' : 'other', owner: nameOf(v, c.owner), row: c.row + 1, col: c.col + 1 } };
}

/**
 * A line of `player`'s display ("row-b1", "col-0") in words; `left` is the player whose column 4
 * is the display's column 0 (from the server: a cleared line's cells, the view's `shared_from`).
 */
export function lineArgs(v: Voices, player: number, line: string, left: number): Said {
  const neighbour = { target: left === v.you ? 'you' : 'other', owner: nameOf(v, left) };
  const col = /^col-([0-4])$/.exec(line);
  if (col) {
    const d = Number(col[1]);
    return d > 0 ? { key: 'place.column', args: { col: d } } : { key: 'place.column_of', args: neighbour };
  }
  const row = /^row-([abc])([0-2])$/.exec(line);
  if (!row) return { key: 'place.column', args: { col: '?' } };
  const r = 'abc'.indexOf(row[1]!) + 1;
  const start = Number(row[2]);
  if (start > 0) return { key: 'place.row_cols', args: { row: r, from: start, to: start + 2 } };
  return { key: 'place.row_shared', args: { ...neighbour, row: r } };
}

/** The owner of the cells of a cleared line that are not `player`'s own: his left neighbour (-1: none). */
export function neighbourIn(player: number, cells: readonly (string | null)[]): number {
  for (const c of cells) {
    const ref = c === null ? null : parseCell(c);
    if (ref && ref.owner !== player) return ref.owner;
  }
  return -1;
}

function tell(t: Translate, s: Said): string {
  return t(s.key, s.args);
}

/** The one sentence of an event (empty: told otherwise or not at all), as narrator.cc's sentence(). */
export function sentence(t: Translate, v: Voices, e: TableEvent, everything = false): string {
  if (!('player' in e)) return tableSentence(t, v, e);
  const p = e.player;
  const base = { actor: actorOf(v, p), name: nameOf(v, p) };
  const withCard = (c: number | 'hidden', more: Said['args'] = {}) => ({ ...base, ...(c === 'hidden' ? {} : { card: String(c) }), ...more });
  const place = (cell: string) => tell(t, placeArgs(v, p, cell));
  switch (e.type) {
    case 'round-started':
      return t('narr.round_started', withCard(e.card, { round: e.round + 1 }));
    case 'turn-started':
      return everything ? t('narr.turn_started', base) : '';
    case 'revealed':
      return t('narr.revealed', withCard(e.card, { place: place(e.cell) }));
    case 'drew':
      return t(e.pile === 'draw' ? 'narr.drew_pile' : 'narr.drew_discard', withCard(e.card));
    case 'knocked':
      return t('narr.knocked', base);
    case 'passed':
      return everything ? t('narr.passed', base) : '';
    case 'gave':
      return t('narr.knock_given', { ...base, target: actorOf(v, e.knocker), knocker: nameOf(v, e.knocker) });
    case 'refused':
      return t('narr.knock_refused', base);
    case 'swapped':
      return t('narr.swapped', withCard(e.card, { place: place(e.cell), old: String(e.old_card) }));
    case 'discarded':
      return e.cell === null ? t('narr.discarded', withCard(e.card)) : '';
    case 'knocker-swapped':
      return t('narr.knocker_swapped', withCard(e.card, { place: place(e.cell), face: face(e.old_card), old: card(e.old_card) }));
    case 'took':
      return t('narr.took', { ...base, face: face(e.card), card: card(e.card), place: place(e.cell) });
    case 'put':
      return t('narr.put', withCard(e.card, { place: place(e.cell), old: String(e.old_card) }));
    case 'put-back':
      return t('narr.put_back', withCard(e.card, { place: place(e.cell) }));
    case 'cleared':
      return t('narr.cleared', withCard(e.card, { line: tell(t, lineArgs(v, p, e.line, neighbourIn(p, e.cells))) }));
    case 'lines-left':
      return t('narr.lines_left', base);
    case 'round-ended':
      return t('narr.round_ended', base);
    case 'turn-skipped':
      return t('narr.turn_skipped', base);
    case 'round-scored':
      return '';
  }
  return '';
}

function tableSentence(t: Translate, v: Voices, e: TableEvent): string {
  switch (e.type) {
    case 'reshuffled':
      return t('narr.reshuffled', { count: e.cards });
    case 'game-over':
      return t('narr.game_over');
    case 'sat':
      return t('web.table.sat', { name: e.name });
    case 'left':
      return t('web.table.left', { name: nameOf(v, e.seat) });
    case 'back':
      return t('web.table.back', { name: nameOf(v, e.seat) });
    case 'zombie':
      return t('web.table.zombie', { name: nameOf(v, e.seat), why: e.why });
    default:
      return '';
  }
}

/** Sentences that a clear may continue ("... and cleared three 7s"). */
const OPEN = new Set(['revealed', 'swapped', 'knocker-swapped', 'took', 'put', 'put-back']);

export interface LogLine {
  /** The seq of the frame that brought the (first) event of the line. */
  seq: number;
  text: string;
  /** A round's result or a table event: shown apart from the moves. */
  kind: 'move' | 'result' | 'table';
}

/**
 * The log of a table as sentences, as narrator.cc's narrate() and round_result(): a clear
 * continues the sentence of the move that made it; the end-of-round reveals are counted in one
 * sentence; each round's scores follow with the ender's doubling or halving explained.
 */
export function narrate(t: Translate, v: Voices, events: readonly LoggedEvent[], everything = false): LogLine[] {
  const out: LogLine[] = [];
  let open = false;
  let lastPlayer = -1;
  let endReveals = 0;
  let ender: number | null = null;
  let totals: number[] = [];
  let scored: { seq: number; e: Extract<TableEvent, { type: 'round-scored' }> }[] = [];
  let round = 0;
  const close = () => {
    if (open && out.length > 0) out[out.length - 1]!.text += '.';
    open = false;
  };
  const flushScores = () => {
    if (scored.length === 0) return;
    close();
    const seq = scored[0]!.seq;
    out.push({ seq, kind: 'result', text: t('result.title', { round: round + 1 }) });
    for (const { e } of scored) {
      totals[e.player] = (totals[e.player] ?? 0) + e.score_half;
      out.push({ seq, kind: 'result', text: t('result.line', { name: nameOf(v, e.player), display: e.display_half / 2, score: e.score_half / 2, total: (totals[e.player] ?? 0) / 2 }) });
      if (e.empty_display) out.push({ seq, kind: 'result', text: t('result.bonus', { actor: actorOf(v, e.player), name: nameOf(v, e.player) }) });
    }
    const end = scored.find((x) => x.e.player === ender);
    if (end) out.push({ seq, kind: 'result', text: enderSentence(t, v, end.e) });
    scored = [];
  };
  for (const { seq, event: e } of events) {
    if (e.type !== 'round-scored') flushScores();
    if (e.type === 'game-started') {
      totals = [];
      ender = null;
      continue;
    }
    if (e.type === 'round-started') {
      round = e.round;
      ender = null;
    }
    if (e.type === 'round-ended') ender = e.player;
    if (e.type === 'final-revealed') {
      endReveals++;
      continue;
    }
    if (e.type === 'round-scored') {
      if (endReveals > 0) {
        close();
        out.push({ seq, kind: 'move', text: t('narr.all_revealed', { count: endReveals }) });
        endReveals = 0;
      }
      scored.push({ seq, e });
      continue;
    }
    const s = sentence(t, v, e, everything);
    if (!s) continue;
    if (e.type === 'cleared' && open && e.player === lastPlayer) {
      out[out.length - 1]!.text += t('narr.and_clears', { actor: actorOf(v, e.player), card: String(e.card), line: tell(t, lineArgs(v, e.player, e.line, neighbourIn(e.player, e.cells))) });
      continue;
    }
    close();
    lastPlayer = 'player' in e ? e.player : -1;
    out.push({ seq, kind: 'player' in e || e.type === 'reshuffled' || e.type === 'game-over' ? 'move' : 'table', text: s });
    open = OPEN.has(e.type);
  }
  flushScores();
  close();
  return out;
}

/** The ender's doubling or halving in one line (narrator.cc ender_sentence). */
export function enderSentence(t: Translate, v: Voices, e: { player: number; display_half: number; score_half: number; penalised: boolean }): string {
  const args = { actor: actorOf(v, e.player), name: nameOf(v, e.player), display: e.display_half / 2, score: e.score_half / 2 };
  if (e.penalised) return t(e.display_half > 0 ? 'result.penalty_doubled' : 'result.penalty_halved', args);
  return t(e.display_half === 0 ? 'result.ender_zero' : 'result.ender_lowest', args);
}

/**
 * What is being decided now, in words (narrator.cc decision()). `legal`: the decider's legal
 * actions (its `pending[].legal`): the prompt offers exactly them, so a card that may not be
 * discarded is not offered for discarding (status.hold_discard, status.hold_swap).
 */
export function decision(t: Translate, v: Voices, view: PublicView, decider: number | null = view.current_player, legal?: readonly string[]): string {
  const p = decider;
  if (view.phase === 'game-over' || p === null) {
    if (view.phase === 'round-over') return t('result.title', { round: view.round + 1 });
    return t('status.game_over');
  }
  const actor = p === v.you ? 'you' : 'other';
  const args: Said['args'] = { actor, name: nameOf(v, p) };
  const held = () => (args.card = view.held === null ? '' : String(view.held));
  switch (view.phase) {
    case 'setup-reveal':
      return t('status.setup', { ...args, left: view.setup_reveals_left });
    case 'choose-draw':
      return t('status.draw', { ...args, card: String(view.discard_pile[0] ?? '') });
    case 'knock-window':
      held();
      return t('status.knock', { ...args, target: actorOf(v, view.active), active: nameOf(v, view.active) });
    case 'choose-knocker':
      held();
      return t('status.choose_knocker', args);
    case 'hold-drawn':
      held();
      if (legal && !legal.includes('discard')) return t(view.held_from_discard ? 'status.hold_discard' : 'status.hold_swap', args);
      return t('status.hold', args);
    case 'reveal-after-discard':
      return t('status.reveal', args);
    case 'knocker-swap':
      held();
      return t('status.knocker_swap', args);
    case 'take':
      return t('status.take', { ...args, target: actorOf(v, view.knocker ?? -1), knocker: nameOf(v, view.knocker ?? -1) });
    case 'put':
      return t('status.put', { ...args, face: view.taken === 'hidden' ? 'down' : 'up', card: view.taken === 'hidden' || view.taken === null ? '' : String(view.taken) });
    case 'choose-line':
      return t('status.line', args);
    case 'round-over':
      return t('result.title', { round: view.round + 1 });
  }
  return '';
}

/**
 * A legal action in words, as the terminal's move list names it (src/tui/input_map.cc): the
 * `action.*` texts of the buttons, the cells by `place.*` from the decider's side. `decider`
 * is the seat the action is for (its own cells are named without an owner).
 */
export function actionLabel(t: Translate, v: Voices, view: PublicView, action: string, decider: number): string {
  const [verb = '', arg = ''] = action.split(' ');
  const held = view.held === null ? '' : String(view.held);
  const cellArgs = () => {
    const c = parseCell(arg);
    const cell = c ? view.grids[c.owner]?.[c.row * 4 + c.col] : undefined;
    const up = cell?.state === 'up' ? String(cell.value) : null;
    return { place: tell(t, placeArgs(v, decider, arg)), up };
  };
  switch (verb) {
    case 'reveal':
    case 'swap':
    case 'put': {
      const c = cellArgs();
      return t(`action.${verb}`, { place: c.place, card: c.up ?? t('card.face_down') });
    }
    case 'take': {
      const c = cellArgs();
      return t('action.take', { place: c.place, face: c.up === null ? 'down' : 'up', card: c.up ?? '' });
    }
    case 'draw':
      return t('action.draw_pile', { count: view.draw_pile_size });
    case 'draw-discard':
      return t('action.draw_discard', { card: String(view.discard_pile[0] ?? '') });
    case 'discard':
      return t('action.discard', { card: held });
    case 'knock':
      return t('action.knock', { card: held });
    case 'pass':
      return t('action.pass');
    case 'give':
      return t('action.give', { name: nameOf(v, Number(arg)) });
    case 'refuse':
      return t('action.refuse');
    case 'clear': {
      const clearer = view.clearer ?? decider;
      return t('action.clear', { line: tell(t, lineArgs(v, clearer, arg, view.shared_from[clearer] ?? -1)) });
    }
    case 'leave':
      return t('action.leave');
  }
  return action;
}

/** The round being played, "Round 1 of 2", with what part of it: its last turns, or over. */
export function roundLabel(t: Translate, view: PublicView): string {
  const rounds = view.options.rounds ?? 3;
  const round = rounds > 0 ? t('table.round_of', { round: view.round + 1, rounds }) : t('table.round', { round: view.round + 1 });
  if (view.phase === 'round-over' || view.phase === 'game-over') return `${round} · ${t('web.table.round_done')}`;
  return view.ender !== null ? `${round} · ${t('table.final_round')}` : round;
}

// The client's picture of the table it is at, built from the server's frames by pure
// functions (so it can be tested without a socket): the latest TABLE, every event and chat
// line seen, in order, the last seq (for reconnecting with last_seq) and this client's seat.
// A frame that was seen already (seq <= last seq: a resend after a reconnect) changes nothing.
import type { ServerMessage } from '../protocol/messages';
import type { Delta, DeltaPending, Pending } from '../protocol/generated/protocol';
import type { TableFrame, LoggedEvent, ChatLine } from '../protocol/view';

export interface TableState {
  code: string;
  table: TableFrame | null;
  /** The seq of the last sequenced frame applied (0: none yet). */
  seq: number;
  events: LoggedEvent[];
  chat: ChatLine[];
  mySeat: number | null;
  /** performance.now() when the latest table arrived. */
  receivedAt: number;
  /**
   * A delta came that does not apply to the table held (a frame was missed): the session joins
   * again for a whole table.
   */
  stale?: boolean;
}

/** At most this many events are kept for the log (a long game has a few thousand). */
export const MAX_EVENTS = 5000;

export function emptyTable(code: string): TableState {
  return { code, table: null, seq: 0, events: [], chat: [], mySeat: null, receivedAt: 0 };
}

/** The state after one server message; the same object when the message changes nothing. */
export function applyMessage(s: TableState, m: ServerMessage, now: number): TableState {
  switch (m.type) {
    case 'state': {
      if (m.table.code !== s.code) return s;
      const chat: ChatLine[] = m.chat.map((c) => ({ seq: c.seq ?? 0, seat: c.seat, name: c.name, text: c.text }));
      // A state replaces the table; the events seen before stay (they still happened), the chat
      // is the server's recent lines plus any older ones we had.
      const oldest = chat[0]?.seq ?? Infinity;
      const keep = s.chat.filter((c) => c.seq < oldest && c.seq > 0);
      return { ...s, table: m.table, seq: m.seq, chat: [...keep, ...chat], events: withRoundLog(s.events, m.log), mySeat: m.you, receivedAt: now, stale: false };
    }
    case 'resumed':
      if (m.code !== s.code) return s;
      return { ...s, mySeat: m.you };
    case 'update': {
      if (m.seq <= s.seq || m.table.code !== s.code) return s;
      const added = m.events.map((event) => ({ seq: m.seq, event }));
      let events = s.events.concat(added);
      if (events.length > MAX_EVENTS) events = events.slice(events.length - MAX_EVENTS);
      return { ...s, table: m.table, seq: m.seq, events, receivedAt: now };
    }
    case 'delta': {
      if (m.seq <= s.seq) return s;
      // It applies to the table as of frame `base`: this client has it if it has seen that frame
      // (frames come in order; a state at a later seq holds it too). base null: a whole table.
      if (m.base !== null && (s.table === null || m.base > s.seq)) return { ...s, stale: true };
      if (m.base === null && s.table === null && m.set?.code !== s.code) return s;
      if (s.table !== null && s.table.code !== s.code) return s;
      const added = m.events.map((event) => ({ seq: m.seq, event }));
      let events = s.events.concat(added);
      if (events.length > MAX_EVENTS) events = events.slice(events.length - MAX_EVENTS);
      return { ...s, table: applyDelta(s.table, m), seq: m.seq, events, receivedAt: now };
    }
    case 'chat': {
      if (m.seq <= s.seq) return s;
      return { ...s, seq: m.seq, chat: [...s.chat, { seq: m.seq, seat: m.seat, name: m.name, text: m.text }] };
    }
    case 'seated':
      if (m.code !== s.code) return s;
      return { ...s, mySeat: m.seat };
    default:
      return s;
  }
}

/**
 * The events after a full state: the server's log of the round (`state.log`, its events with
 * their seqs) replaces what the page has from the round's first logged seq on, so a reload, a
 * restart of the server or a late join shows the round so far, and nothing twice.
 */
export function withRoundLog(events: LoggedEvent[], log: { seq: number; event: unknown }[] | undefined): LoggedEvent[] {
  if (!log || log.length === 0) return events;
  const first = log[0]!.seq;
  const round = log.map((x) => ({ seq: x.seq, event: x.event as LoggedEvent['event'] }));
  return [...events.filter((e) => e.seq < first), ...round];
}

/**
 * TABLE.pending from a delta's compact `pending` (docs/protocol.md "delta"): one entry per seat
 * of `seats`, `in_ms` null and `knock_window` false where left out, and each legal text
 * "verb arg1 arg2" as the actions "verb arg1", "verb arg2" in its place. The C++ twin is
 * src/wire/table_delta.cc expand_pending.
 */
export function expandPending(compact: DeltaPending[]): Pending[] {
  const out: Pending[] = [];
  for (const { seats, legal, in_ms, knock_window, ...rest } of compact) {
    const actions = legal.flatMap((text) => {
      const [verb, ...args] = text.split(' ');
      return args.length === 0 ? [text] : args.map((arg) => `${verb} ${arg}`);
    });
    for (const seat of seats) {
      out.push({ seat, legal: actions, in_ms: in_ms ?? null, knock_window: knock_window ?? false, ...rest });
    }
  }
  return out;
}

/**
 * The table after a delta frame (docs/protocol.md "delta"): `set` and `pending` replace TABLE's
 * keys, `view` the view's keys, `cells` single grid cells. Pure: the tables given are not
 * changed, and what did not change is shared with the old table. The same as an update's TABLE
 * would be (delta.test.ts replays whole games written by the C++ server).
 */
export function applyDelta(table: TableFrame | null, d: Delta): TableFrame {
  const t = {
    ...(d.base === null || table === null ? {} : table),
    ...d.set,
    pending: expandPending(d.pending),
  } as TableFrame;
  if ((d.view || d.cells) && t.view) {
    const view = { ...t.view, ...d.view };
    if (d.cells) {
      const grids = view.grids.slice();
      for (const { player, index, cell } of d.cells) {
        const old = grids[player] ?? [];
        const grid = old === t.view.grids[player] ? old.slice() : old;
        grid[index] = cell;
        grids[player] = grid;
      }
      view.grids = grids;
    }
    t.view = view;
  }
  return t;
}

/** The seats still open (nobody sits there): a person may take one. */
export function openSeats(t: TableFrame): number[] {
  const out: number[] = [];
  t.seats.forEach((seat, i) => {
    if (seat.kind === 'open') out.push(i);
  });
  return out;
}

/** Does this client's seat have to decide now, and what may it do? */
export function myPending(s: TableState) {
  if (!s.table || s.mySeat === null) return undefined;
  return s.table.pending.find((p) => p.seat === s.mySeat);
}

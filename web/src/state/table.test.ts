import { describe, expect, it } from 'vitest';
import { applyMessage, emptyTable, openSeats, myPending } from './table';
import type { ServerMessage } from '../protocol/messages';
import type { TableFrame } from '../protocol/view';

function frame(over: Record<string, unknown> = {}): TableFrame {
  return {
    code: 'K7QX2M',
    status: 'lobby',
    game: null,
    public: true,
    config: { options: { players: 3 }, knock_window_ms: 5000, turn_clock_ms: null, grace_ms: 60000, zombie_bot: 'greedy' },
    seats: [{ kind: 'person', name: 'Anna', connected: true, zombie: false }, { kind: 'open' }, { kind: 'bot', name: 'Bot 3', level: 'expert' }],
    spectators: 0,
    view: null,
    pending: [],
    round_over: null,
    seed: null,
    ...over,
  } as unknown as TableFrame;
}

const state = (seq: number, you: number | null, over = {}): ServerMessage =>
  ({ type: 'state', id: 3, seq, table: frame(over), chat: [{ seq: 2, seat: 0, name: 'Anna', text: 'hi' }], you }) as ServerMessage;

const update = (seq: number, events: unknown[], over = {}): ServerMessage =>
  ({ type: 'update', seq, events, table: frame(over) }) as ServerMessage;

describe('the table state from frames', () => {
  it('takes the whole table, chat and seat from a state', () => {
    const s = applyMessage(emptyTable('K7QX2M'), state(5, 0), 10);
    expect(s.seq).toBe(5);
    expect(s.mySeat).toBe(0);
    expect(s.table?.seats).toHaveLength(3);
    expect(s.chat).toEqual([{ seq: 2, seat: 0, name: 'Anna', text: 'hi' }]);
    expect(s.receivedAt).toBe(10);
  });

  it('appends the events of updates in order, each with its seq', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, 0), 0);
    s = applyMessage(s, update(6, [{ type: 'sat', seat: 1, name: 'Bea' }]), 1);
    s = applyMessage(s, update(7, [{ type: 'game-started', game: 'K7QX2M-1', first_player: 0 }, { type: 'turn-started', player: 0 }], { status: 'playing' }), 2);
    expect(s.seq).toBe(7);
    expect(s.events.map((e) => [e.seq, e.event.type])).toEqual([
      [6, 'sat'],
      [7, 'game-started'],
      [7, 'turn-started'],
    ]);
    expect(s.table?.status).toBe('playing');
  });

  it('ignores a frame seen already (the resend after a reconnect)', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, 0), 0);
    s = applyMessage(s, update(6, [{ type: 'sat', seat: 1, name: 'Bea' }]), 1);
    const again = applyMessage(s, update(6, [{ type: 'sat', seat: 1, name: 'Bea' }]), 2);
    expect(again).toBe(s);
    const old = applyMessage(s, update(4, [{ type: 'left', seat: 1 }]), 2);
    expect(old).toBe(s);
  });

  it('resumes: keeps everything and takes the frames after last_seq', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, 1), 0);
    s = applyMessage(s, { type: 'resumed', id: 9, code: 'K7QX2M', seq: 5, you: 1 }, 1);
    expect(s.seq).toBe(5);
    s = applyMessage(s, update(6, [{ type: 'back', seat: 1 }]), 2);
    expect(s.events).toHaveLength(1);
    expect(s.mySeat).toBe(1);
  });

  it('a state after a too-old reconnect keeps the events seen and older chat', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, 1), 0);
    s = applyMessage(s, { type: 'chat', seq: 6, seat: 1, name: 'Bea', text: 'one' } as ServerMessage, 1);
    s = applyMessage(s, update(7, [{ type: 'left', seat: 0 }]), 1);
    const fresh = { type: 'state', seq: 40, table: frame({ status: 'playing' }), chat: [{ seq: 30, seat: 0, name: 'Anna', text: 'later' }], you: 1 } as ServerMessage;
    s = applyMessage(s, fresh, 2);
    expect(s.seq).toBe(40);
    expect(s.events).toHaveLength(1);
    expect(s.chat.map((c) => c.text)).toEqual(['hi', 'one', 'later']);
  });

  it('chat lines are sequenced frames too', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, null), 0);
    s = applyMessage(s, { type: 'chat', seq: 6, seat: null, name: 'Spectator', text: 'go' } as ServerMessage, 1);
    expect(s.seq).toBe(6);
    expect(s.chat.at(-1)).toEqual({ seq: 6, seat: null, name: 'Spectator', text: 'go' });
    expect(applyMessage(s, { type: 'chat', seq: 6, seat: null, name: 'Spectator', text: 'go' } as ServerMessage, 2)).toBe(s);
  });

  it('a seat taken by this client, and frames of another table ignored', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, null), 0);
    s = applyMessage(s, { type: 'seated', id: 4, code: 'K7QX2M', seat: 1, token: 'ab' }, 1);
    expect(s.mySeat).toBe(1);
    const other = applyMessage(s, { type: 'update', seq: 9, events: [], table: frame({ code: 'ZZZZZZ' }) } as ServerMessage, 2);
    expect(other).toBe(s);
  });

  it('names the open seats and this seat’s pending decision', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(5, 1), 0);
    expect(openSeats(s.table!)).toEqual([1]);
    s = applyMessage(s, update(6, [], { pending: [{ seat: 1, legal: ['draw', 'draw-discard'], in_ms: null, knock_window: false }] }), 1);
    expect(myPending(s)?.legal).toEqual(['draw', 'draw-discard']);
  });

  it('keeps at most MAX_EVENTS events', async () => {
    const { MAX_EVENTS } = await import('./table');
    let s = applyMessage(emptyTable('K7QX2M'), state(1, 0), 0);
    const many = Array.from({ length: MAX_EVENTS + 10 }, () => ({ type: 'turn-started', player: 0 }));
    s = applyMessage(s, update(2, many), 1);
    expect(s.events).toHaveLength(MAX_EVENTS);
  });
});

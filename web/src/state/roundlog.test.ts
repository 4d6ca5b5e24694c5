// The round's log of a full state (state.log): a reload or a late join shows what happened in
// the round so far, and a page that saw some of it does not show it twice.
import { describe, expect, it } from 'vitest';
import { applyMessage, emptyTable } from './table';
import type { ServerMessage } from '../protocol/messages';
import type { TableFrame } from '../protocol/view';

const table = { code: 'K7QX2M', status: 'playing', seats: [], pending: [], view: null } as unknown as TableFrame;
const drew = (player: number) => ({ type: 'drew', player, pile: 'draw', card: 5, text: '' });
const state = (seq: number, log?: { seq: number; event: unknown }[]): ServerMessage => ({ type: 'state', id: 1, seq, table, chat: [], you: 0, ...(log ? { log } : {}) }) as unknown as ServerMessage;
const update = (seq: number, events: unknown[]): ServerMessage => ({ type: 'update', seq, events, table }) as unknown as ServerMessage;

describe('state.log', () => {
  it('a page that joins late (or reloads) gets the round so far', () => {
    const log = [
      { seq: 10, event: { type: 'round-started', player: 0, round: 0, card: 4, text: '' } },
      { seq: 12, event: drew(1) },
    ];
    const s = applyMessage(emptyTable('K7QX2M'), state(14, log), 0);
    expect(s.events).toEqual([
      { seq: 10, event: log[0]!.event },
      { seq: 12, event: log[1]!.event },
    ]);
  });

  it('replaces what the page had of the round, keeps the rounds before, and nothing comes twice', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(3), 0);
    s = applyMessage(s, update(5, [drew(0)]), 0); // an earlier round
    s = applyMessage(s, update(10, [{ type: 'round-started', player: 0, round: 1, card: 2, text: '' }]), 0);
    s = applyMessage(s, update(12, [drew(1)]), 0);
    // A reconnect after a restart: the whole table again, with the round's log.
    s = applyMessage(s, state(13, [{ seq: 10, event: { type: 'round-started', player: 0, round: 1, card: 2, text: '' } }, { seq: 12, event: drew(1) }, { seq: 13, event: drew(2) }]), 0);
    expect(s.events.map((e) => e.seq)).toEqual([5, 10, 12, 13]);
  });

  it('a state without a log (an older server) keeps the events seen', () => {
    let s = applyMessage(emptyTable('K7QX2M'), state(3), 0);
    s = applyMessage(s, update(5, [drew(0)]), 0);
    s = applyMessage(s, state(6), 0);
    expect(s.events.map((e) => e.seq)).toEqual([5]);
  });
});

import { describe, expect, it } from 'vitest';
import { cuesFor, setSoundOn, soundOn } from './sounds';
import type { TableState } from '../state/table';

function state(seq: number, types: string[], mine: boolean): TableState {
  return {
    code: 'ABCDEF',
    table: { pending: mine ? [{ seat: 0 }] : [{ seat: 1 }] } as unknown as TableState['table'],
    seq,
    events: types.map((type) => ({ seq, event: { type } as unknown as TableState['events'][number]['event'] })),
    chat: [],
    mySeat: 0,
    receivedAt: 0,
  };
}

describe('sounds', () => {
  it('cues your turn once, and a knock, a clear and the round end when they arrive', () => {
    const a = state(1, [], false);
    expect(cuesFor(null, a)).toEqual([]);
    const b = { ...state(2, ['drew', 'knocked'], true), events: [...a.events, ...state(2, ['drew', 'knocked'], true).events] };
    expect(cuesFor(a, b)).toEqual(['knock', 'your_turn']);
    const c = { ...state(3, ['cleared', 'round-ended'], true), events: [...b.events, ...state(3, ['cleared', 'round-ended'], true).events] };
    expect(cuesFor(b, c)).toEqual(['clear', 'round_end']); // still my turn: no second cue
    expect(cuesFor(c, c)).toEqual([]); // a resent frame: nothing new
  });
  it('is off by the toggle, remembered', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    expect(soundOn(storage)).toBe(true);
    setSoundOn(false, storage);
    expect(soundOn(storage)).toBe(false);
    setSoundOn(true, storage);
    expect(soundOn(storage)).toBe(true);
  });
});

// The status line offers exactly what the reader may do: in the knock window the drawer waits,
// a player who answered reads his own answer at once; a card that may not be discarded is not
// offered for discarding (the decider's legal list decides).
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../../data/lang/en.json';
import type { PublicView, TableFrame } from '../protocol/view';
import { tableStatus } from './status';
import { currentAnswer } from '../table/knockAnswer';

const messages = en as Record<string, string>;
const enT = (key: string, args?: Record<string, unknown>) => {
  const m = messages[key];
  if (m === undefined) throw new Error(`missing key ${key}`);
  return String(new IntlMessageFormat(m, 'en').format(args as Record<string, string>));
};
const names = ['Anna', 'Bea', 'Cem', 'Jo'];
type Pending = TableFrame['pending'];
const knockView = { phase: 'knock-window', current_player: 0, active: 3, held: 5, round: 0, knockers: [], held_from_discard: false } as unknown as PublicView;
const windowOf = (...seats: number[]): Pending => seats.map((seat) => ({ seat, legal: ['knock', 'pass'], in_ms: 5000, knock_window: true, decision: 12 }));

describe('tableStatus', () => {
  it('the knock window: those who may knock are asked', () => {
    expect(tableStatus(enT, { names, you: 0 }, knockView, windowOf(0, 1))).toBe('Jo drew the 5. Knock for it, or pass?');
  });

  it('the knock window: the drawer reads what he waits for, not "knock for it"', () => {
    const s = tableStatus(enT, { names, you: 3 }, knockView, windowOf(0, 1));
    expect(s).toBe('You drew the 5. The others may knock for it: wait for their answers.');
    expect(s).not.toMatch(/Knock for it, or pass/);
  });

  it('the knock window: after knocking, "You knocked" at once, never the drawer named as deciding', () => {
    const s = tableStatus(enT, { names, you: 0 }, knockView, windowOf(1), 'knock');
    expect(s).toBe('You knocked for Jo’s 5. Waiting for the others.');
    expect(tableStatus(enT, { names, you: 0 }, knockView, windowOf(1), 'pass')).toBe('You did not knock for Jo’s 5. Waiting for the others.');
    // After a reload the page does not know its answer: the window is open, nobody is named.
    expect(tableStatus(enT, { names, you: 0 }, knockView, windowOf(1))).toBe('Jo drew the 5. Waiting to see who knocks for it.');
    expect(tableStatus(enT, { names, you: null }, knockView, windowOf(1))).not.toMatch(/is deciding/);
  });

  it('holding a drawn card: discarding is offered only when legal', () => {
    const view = { ...knockView, phase: 'hold-drawn', current_player: 0, active: 0, held: 8 } as PublicView;
    const hold = (legal: string[], fromDiscard: boolean, you = 0) =>
      tableStatus(enT, { names, you }, { ...view, held_from_discard: fromDiscard }, [{ seat: 0, legal, in_ms: null, knock_window: false, decision: 3 }]);
    expect(hold(['discard', 'swap 0a0'], false)).toBe('Swap the 8 into your display, or discard it?');
    expect(hold(['swap 0a0', 'swap 0a1'], true)).toBe('Swap the 8 into your display (a card taken from the discard pile cannot be discarded again).');
    expect(hold(['swap 0a0'], false)).toBe('Swap the 8 into your display (with no face-down card left to turn up, it cannot be discarded).');
    // Watching: the decider's legal list is in the frame too.
    expect(hold(['swap 0a0', 'swap 0a1'], true, 1)).toBe('Anna is choosing where to put the 8.');
    expect(hold(['swap 0a0', 'discard'], false, 1)).toBe('Anna is deciding whether to keep the 8 or discard it.');
  });

  it('nothing while a round’s result is on show', () => {
    expect(tableStatus(enT, { names, you: 0 }, { ...knockView, phase: 'round-over' } as PublicView, [])).toBe('');
  });
});

describe('currentAnswer', () => {
  const r = { answer: 'knock' as const, decision: 12 };
  it('holds while its window is open and is forgotten when it closes', () => {
    expect(currentAnswer(r, knockView, windowOf(1))).toBe('knock');
    expect(currentAnswer(r, knockView, [])).toBe('knock');
    expect(currentAnswer(r, { ...knockView, phase: 'choose-knocker' } as PublicView, [])).toBeNull();
    expect(currentAnswer(r, knockView, windowOf(1).map((x) => ({ ...x, decision: 30 })))).toBeNull();
    expect(currentAnswer(null, knockView, windowOf(1))).toBeNull();
  });
});

// Continue after a round and one answer per decision (issue 28, "Flow and pace").
import { describe, expect, it } from 'vitest';
import type { TableFrame } from '../protocol/view';
import { continueState, firstAnswer } from './ContinueBar';

function roundOver(ready: number[] | null): TableFrame {
  return {
    seats: [
      { kind: 'person', name: 'Anna', connected: true, zombie: false },
      { kind: 'person', name: 'Bea', connected: true, zombie: false },
      { kind: 'bot', name: 'Bot 3', level: 'medium' },
    ],
    view: { rounds_played: 1 },
    round_over: ready === null ? null : { in_ms: 30000, ready },
  } as unknown as TableFrame;
}

describe('Continue at a round end', () => {
  it('offers Continue to a seated person who is not ready and names whom the table waits for', () => {
    expect(continueState(roundOver([2]), 0, null)).toEqual({ button: true, waiting: [0, 1] });
    expect(continueState(roundOver([0, 2]), 0, null)).toEqual({ button: false, waiting: [1] });
  });

  it('hides the button at once when pressed, before the server says so, for that round end only', () => {
    expect(continueState(roundOver([2]), 0, 1)).toEqual({ button: false, waiting: [1] });
    expect(continueState(roundOver([2]), 0, 0).button).toBe(true); // pressed at an earlier round end
  });

  it('offers nothing to a spectator or during a round', () => {
    expect(continueState(roundOver([2]), null, null)).toEqual({ button: false, waiting: [0, 1] });
    expect(continueState(roundOver(null), 0, null)).toEqual({ button: false, waiting: [] });
  });
});

describe('one answer per decision', () => {
  it('sends the first click of a decision only', () => {
    const sent = { decision: undefined as number | undefined };
    expect(firstAnswer(sent, 12)).toBe(true);
    expect(firstAnswer(sent, 12)).toBe(false); // the double click
    expect(firstAnswer(sent, 13)).toBe(true);
  });

  it('never holds back an answer without a decision number', () => {
    const sent = { decision: undefined as number | undefined };
    expect(firstAnswer(sent, undefined)).toBe(true);
    expect(firstAnswer(sent, undefined)).toBe(true);
  });
});

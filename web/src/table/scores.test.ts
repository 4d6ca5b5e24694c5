import { describe, expect, it } from 'vitest';
import { scoreRows } from './RoundEnd';
import type { LastRound, LoggedEvent } from '../protocol/view';

const scored = (seq: number, player: number, score_half: number): LoggedEvent => ({
  seq,
  event: { type: 'round-scored', player, display_half: score_half, score_half, penalised: false, empty_display: false },
});

describe('scoreRows: the scoreboard of all rounds', () => {
  // A page reloaded in round 3 saw only round 2's scores.
  const seen: LoggedEvent[] = [scored(40, 0, 8), scored(40, 1, 30)];
  const listed: LastRound[] = [
    { raw_half: [10, 4], score_half: [20, 4], ender: 0, penalised: true, empty_display: [false, false] },
    { raw_half: [8, 30], score_half: [8, 30], ender: 1, penalised: false, empty_display: [false, false] },
  ];
  it('takes every round from the server’s TABLE.rounds, also those before a reload', () => {
    expect(scoreRows(listed, seen, 2, 2)).toEqual([
      [20, 4],
      [8, 30],
    ]);
  });
  it('falls back to the rounds the page saw (an older server)', () => {
    expect(scoreRows(undefined, seen, 2, 2)).toEqual([[8, 30]]);
  });
});

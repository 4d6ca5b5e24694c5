import { describe, expect, it } from 'vitest';
import { positions } from './Replay';
import type { ReplayFile } from '../protocol/messages';

const view = (phase: string) => ({ phase }) as unknown as ReplayFile['initial'];

describe('the replay positions', () => {
  it('are the first deal, then one per decision; a round end shows the finished round before the next deal', () => {
    const file = {
      format: 1,
      game: 'K7QX2M-1',
      players: [{ name: 'Anna', bot: null }, { name: 'Bot 2', bot: 'easy' }],
      options: { players: 2, rounds: 2 },
      initial: view('setup-reveal'),
      steps: [
        { index: 1, round: 0, player: 0, action: 'reveal 0a0', events: [{ type: 'revealed', player: 0, card: 3, cell: '0a0' }], round_over: null, view: view('setup-reveal') },
        {
          index: 2,
          round: 0,
          player: 1,
          action: 'swap 1a0',
          events: [
            { type: 'swapped', player: 1, card: 2, old_card: 5, cell: '1a0' },
            { type: 'round-scored', player: 0, display_half: 10, score_half: 10, penalised: false, empty_display: false },
            { type: 'round-started', round: 1, player: 1, card: 4 },
            { type: 'turn-started', player: 1 },
          ],
          round_over: view('round-over'),
          view: view('setup-reveal'),
        },
      ],
    } as unknown as ReplayFile;
    const ps = positions(file);
    expect(ps.map((p) => [p.step, p.view.phase, p.events.map((e) => e.type).join(','), p.roundStart])).toEqual([
      [0, 'setup-reveal', '', true],
      [1, 'setup-reveal', 'revealed', false],
      [2, 'round-over', 'swapped,round-scored', false],
      [2, 'setup-reveal', 'round-started,turn-started', true],
    ]);
  });
});

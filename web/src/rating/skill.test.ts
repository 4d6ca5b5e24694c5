// The server's skill rating (src/rating/skill_rating.cc, docs/ratings.md) against an independent
// implementation, npm's `openskill` (5.0.1, Weng-Lin Plackett-Luce). tests/rating/
// openskill_pairs_test.cc writes a long sequence of recorded games of 2-6 players from a pool
// (tied totals, leavers) with the C++ places and skills; here openskill rates the same games,
// keeping its own skills from game to game, and every mean and uncertainty must agree to 1e-6.
// The places are computed here again from the totals (lower is better, equal totals tie, leavers
// last and tied). The file is $ALLEGRA_SKILL_GAMES when set (scripts/test.sh writes and checks all
// of them), else the excerpt committed beside this test (the sequence's first 100 games).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rate, rating, type Rating } from 'openskill';
import { describe, expect, it } from 'vitest';

type Game = {
  game: number;
  players: number[];
  totals: number[];
  left: boolean[];
  place: number[];
  before: [number, number][];
  after: [number, number][];
};

const path = process.env.ALLEGRA_SKILL_GAMES ?? resolve(__dirname, 'skill_games.sample.jsonl');
const games: Game[] = readFileSync(path, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Game);

// docs/ratings.md: lower totals are better, equal totals tie, a player who left is below everyone
// who stayed, tied with the other leavers.
function places(totals: number[], left: boolean[]): number[] {
  const stayed = left.filter((l) => !l).length;
  return totals.map((t, i) =>
    left[i] ? stayed : totals.filter((u, j) => !left[j] && u < t).length,
  );
}

const tolerance = 1e-6;

describe(`skill ratings of ${path} against openskill`, () => {
  it('has games of every size, with ties and leavers', () => {
    expect(games.length).toBeGreaterThanOrEqual(100);
    const sizes = new Set(games.map((g) => g.players.length));
    expect([...sizes].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(games.some((g) => g.left.some((l) => l))).toBe(true);
    expect(games.some((g) => new Set(g.place).size < g.place.length)).toBe(true);
  });

  it('gives the same places and the same skills, game after game', () => {
    const skills = new Map<number, Rating>();
    let worst = 0;
    for (const g of games) {
      expect(places(g.totals, g.left), `game ${g.game}: places`).toEqual(g.place);
      const before = g.players.map((p) => skills.get(p) ?? rating());
      const after = rate(
        before.map((s) => [s]),
        { rank: g.place },
      ).map((team) => team[0] ?? rating());
      g.players.forEach((player, i) => {
        const [mu0, sigma0] = g.before[i] ?? [NaN, NaN];
        const [mu, sigma] = g.after[i] ?? [NaN, NaN];
        const b = before[i] ?? rating();
        const a = after[i] ?? rating();
        worst = Math.max(worst, Math.abs(b.mu - mu0), Math.abs(b.sigma - sigma0));
        if (!(Math.abs(a.mu - mu) <= tolerance && Math.abs(a.sigma - sigma) <= tolerance)) {
          throw new Error(`game ${g.game}, player ${player}: openskill ${a.mu}, ${a.sigma}; C++ ${mu}, ${sigma}`);
        }
        worst = Math.max(worst, Math.abs(a.mu - mu), Math.abs(a.sigma - sigma));
        skills.set(player, a);
      });
    }
    expect(worst).toBeLessThan(tolerance);
  });
});

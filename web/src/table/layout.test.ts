import { describe, expect, it } from 'vitest';
import { seatSlots, sharedWith } from './layout';

// The view's `shared_from` as the server sends it: p's left neighbour (who plays after p).
const SHARED: Record<number, number[]> = {
  2: [1, 0],
  3: [1, 2, 0],
  4: [1, 2, 3, 0],
  5: [1, 2, 3, 4, 0],
  6: [1, 2, 3, 4, 5, 0],
};

describe('seatSlots', () => {
  it('puts the own seat at the bottom and every seat exactly once, for 2..6 players and any own seat', () => {
    for (let n = 2; n <= 6; n++)
      for (let me = 0; me < n; me++) {
        const s = seatSlots(SHARED[n]!, me);
        expect(s).toHaveLength(n);
        expect(s[0]).toMatchObject({ seat: me, side: 'bottom', x: 0, y: 1 });
        expect(new Set(s.map((x) => x.seat)).size).toBe(n);
        expect(s.filter((x) => x.side === 'bottom')).toHaveLength(1);
      }
  });

  it('goes clockwise: the left neighbour (shared_from) on the left, the right neighbour on the right', () => {
    const s = seatSlots(SHARED[4]!, 2);
    expect(s.map((x) => [x.seat, x.side])).toEqual([
      [2, 'bottom'],
      [3, 'left'],
      [0, 'top'],
      [1, 'right'],
    ]);
    expect(sharedWith(SHARED[4]!, 2)).toBe(1);
    expect(sharedWith(SHARED[4]!, 0)).toBe(3);
  });

  it('follows the server’s shared_from, whatever the seats’ numbers', () => {
    // A table whose neighbours go the other way round: the layout knows no seat order of its own.
    expect(seatSlots([3, 0, 1, 2], 0).map((x) => [x.seat, x.side])).toEqual([
      [0, 'bottom'],
      [3, 'left'],
      [2, 'top'],
      [1, 'right'],
    ]);
    expect(sharedWith([3, 0, 1, 2], 0)).toBe(1);
  });

  it('fills the top row left to right with mirrored grids; 6 players: one left, three top, one right', () => {
    const s = seatSlots(SHARED[6]!, 0);
    expect(s.map((x) => x.side)).toEqual(['bottom', 'left', 'top', 'top', 'top', 'right']);
    expect(s.filter((x) => x.side === 'top').map((x) => [x.seat, x.order, x.mirrored])).toEqual([
      [2, 0, true],
      [3, 1, true],
      [4, 2, true],
    ]);
    expect(s.filter((x) => x.side !== 'top').every((x) => !x.mirrored)).toBe(true);
  });

  it('2 and 3 players sit across the top', () => {
    expect(seatSlots(SHARED[2]!, 1).map((x) => [x.seat, x.side])).toEqual([
      [1, 'bottom'],
      [0, 'top'],
    ]);
    expect(seatSlots(SHARED[3]!, 0).map((x) => [x.seat, x.side])).toEqual([
      [0, 'bottom'],
      [1, 'top'],
      [2, 'top'],
    ]);
  });

  it('places the seats on the oval: left seats left of the middle, top seats above it', () => {
    for (let n = 2; n <= 6; n++)
      for (const s of seatSlots(SHARED[n]!, 0)) {
        if (s.side === 'left') expect(s.x).toBeLessThan(0);
        if (s.side === 'right') expect(s.x).toBeGreaterThan(0);
        if (s.side === 'top') expect(s.y).toBeLessThan(0.01);
        expect(s.x * s.x + s.y * s.y).toBeCloseTo(1, 2);
      }
    const top = seatSlots(SHARED[6]!, 0).filter((s) => s.side === 'top');
    expect(top.map((s) => s.x)).toEqual([...top.map((s) => s.x)].sort((a, b) => a - b));
  });

  it('refuses a player count, a seat or a shared_from the game cannot have', () => {
    expect(() => seatSlots([0], 0)).toThrow(/2 to 6/);
    expect(() => seatSlots([1, 2, 3, 4, 5, 6, 0], 0)).toThrow(/2 to 6/);
    expect(() => seatSlots(SHARED[4]!, 4)).toThrow(/seat 4/);
    expect(() => seatSlots([1, 0, 3, 2], 0)).toThrow(/not one circle/);
  });
});

import { describe, expect, it } from 'vitest';
import { leftOf, rightOf, seatSlots } from './layout';

describe('seatSlots', () => {
  it('puts the own seat at the bottom and every seat exactly once, for 2..6 players and any own seat', () => {
    for (let n = 2; n <= 6; n++)
      for (let me = 0; me < n; me++) {
        const s = seatSlots(n, me);
        expect(s).toHaveLength(n);
        expect(s[0]).toMatchObject({ seat: me, side: 'bottom', x: 0, y: 1 });
        expect(new Set(s.map((x) => x.seat)).size).toBe(n);
        expect(s.filter((x) => x.side === 'bottom')).toHaveLength(1);
      }
  });

  it('goes clockwise: the left neighbour on the left, the right neighbour on the right', () => {
    const s = seatSlots(4, 2);
    expect(s.map((x) => [x.seat, x.side])).toEqual([
      [2, 'bottom'],
      [3, 'left'],
      [0, 'top'],
      [1, 'right'],
    ]);
    expect(leftOf(2, 4)).toBe(3);
    expect(rightOf(2, 4)).toBe(1);
    expect(rightOf(0, 4)).toBe(3);
  });

  it('fills the top row left to right with mirrored grids; 6 players: one left, three top, one right', () => {
    const s = seatSlots(6, 0);
    expect(s.map((x) => x.side)).toEqual(['bottom', 'left', 'top', 'top', 'top', 'right']);
    expect(s.filter((x) => x.side === 'top').map((x) => [x.seat, x.order, x.mirrored])).toEqual([
      [2, 0, true],
      [3, 1, true],
      [4, 2, true],
    ]);
    expect(s.filter((x) => x.side !== 'top').every((x) => !x.mirrored)).toBe(true);
  });

  it('2 and 3 players sit across the top', () => {
    expect(seatSlots(2, 1).map((x) => [x.seat, x.side])).toEqual([
      [1, 'bottom'],
      [0, 'top'],
    ]);
    expect(seatSlots(3, 0).map((x) => [x.seat, x.side])).toEqual([
      [0, 'bottom'],
      [1, 'top'],
      [2, 'top'],
    ]);
  });

  it('places the seats on the oval: left seats left of the middle, top seats above it', () => {
    for (let n = 2; n <= 6; n++)
      for (const s of seatSlots(n, 0)) {
        if (s.side === 'left') expect(s.x).toBeLessThan(0);
        if (s.side === 'right') expect(s.x).toBeGreaterThan(0);
        if (s.side === 'top') expect(s.y).toBeLessThan(0.01);
        expect(s.x * s.x + s.y * s.y).toBeCloseTo(1, 2);
      }
    const top = seatSlots(6, 0).filter((s) => s.side === 'top');
    expect(top.map((s) => s.x)).toEqual([...top.map((s) => s.x)].sort((a, b) => a - b));
  });

  it('refuses a player count or seat the game cannot have', () => {
    expect(() => seatSlots(1, 0)).toThrow(/2 to 6/);
    expect(() => seatSlots(7, 0)).toThrow(/2 to 6/);
    expect(() => seatSlots(4, 4)).toThrow(/seat 4/);
  });
});

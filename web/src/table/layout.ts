// Where the seats sit around the oval table, seen from the player at the bottom (pure, tested).
// Players sit clockwise and seat p+1 is p's LEFT neighbour (docs/record-format.md), so from
// the bottom the next seats go up the left side, along the top from left to right, and down the
// right side. A grid's column 4 is also column 1 of its RIGHT neighbour's (seat p-1's) 15-card
// display; the top row shows its grids mirrored (columns 4..1, as the terminal game does) so the
// shared columns lie next to the grid they complete, as the wooden chips mark at a real table.

export type Side = 'bottom' | 'left' | 'top' | 'right';

export interface SeatSlot {
  seat: number;
  side: Side;
  /** Left-to-right order within its side (top) or 0. */
  order: number;
  /** Columns shown mirrored (4..1): the top row. */
  mirrored: boolean;
  /** Position on the oval: x, y in -1..1 (0,0 the middle; y grows downwards). */
  x: number;
  y: number;
}

/** The sides of the other seats, by clockwise distance 1..n-1 from the bottom seat. */
const SIDES: Record<number, Side[]> = {
  2: ['top'],
  3: ['top', 'top'],
  4: ['left', 'top', 'right'],
  5: ['left', 'top', 'top', 'right'],
  6: ['left', 'top', 'top', 'top', 'right'],
};

/**
 * The slots of all `players` seats with `bottom` (the own seat, or seat 0 for a spectator) at
 * the bottom. Throws for a player count outside 2..6 (the engine allows no other).
 */
export function seatSlots(players: number, bottom: number): SeatSlot[] {
  const sides = SIDES[players];
  if (!sides) throw new Error(`seatSlots: ${players} players: the game has 2 to 6`);
  if (!Number.isInteger(bottom) || bottom < 0 || bottom >= players) throw new Error(`seatSlots: seat ${bottom} of ${players}`);
  const out: SeatSlot[] = [{ seat: bottom, side: 'bottom', order: 0, mirrored: false, x: 0, y: 1 }];
  let topOrder = 0;
  for (let k = 1; k < players; k++) {
    const side = sides[k - 1]!;
    // Angle on the oval, clockwise from the bottom (screen coordinates: y downwards).
    const a = Math.PI / 2 + (k * 2 * Math.PI) / players;
    out.push({
      seat: (bottom + k) % players,
      side,
      order: side === 'top' ? topOrder++ : 0,
      mirrored: side === 'top',
      x: round(Math.cos(a)),
      y: round(Math.sin(a)),
    });
  }
  return out;
}

function round(v: number): number {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
}

/** The left neighbour of `seat` (whose column 4 is column 1 of `seat`'s display). */
export function leftOf(seat: number, players: number): number {
  return (seat + 1) % players;
}

/** The right neighbour of `seat` (whose display holds `seat`'s column 4). */
export function rightOf(seat: number, players: number): number {
  return (seat + players - 1) % players;
}

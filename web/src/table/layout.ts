// Where the seats sit around the oval table, seen from the player at the bottom (pure, tested).
// Who is whose neighbour is the server's: `view.shared_from[p]` is the player whose column 4
// completes p's display, p's LEFT neighbour (docs/protocol.md). From the bottom the next seats,
// each the left neighbour of the one before, go up the left side, along the top from left to
// right, and down the right side; so every shared column lies beside the grid it completes, as
// the wooden chips mark at a real table. The top row shows its grids mirrored (columns 4..1, as
// the terminal game does). Nothing here knows how seats are numbered.

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
 * The slots of all seats with `bottom` (the own seat, or seat 0 for a spectator) at the bottom;
 * `sharedFrom` is the view's `shared_from` (one entry per player). Throws for a player count
 * outside 2..6 (the engine allows no other) or a `sharedFrom` that is not one circle of seats.
 */
export function seatSlots(sharedFrom: readonly number[], bottom: number): SeatSlot[] {
  const players = sharedFrom.length;
  const sides = SIDES[players];
  if (!sides) throw new Error(`seatSlots: ${players} players: the game has 2 to 6`);
  if (!Number.isInteger(bottom) || bottom < 0 || bottom >= players) throw new Error(`seatSlots: seat ${bottom} of ${players}`);
  const out: SeatSlot[] = [{ seat: bottom, side: 'bottom', order: 0, mirrored: false, x: 0, y: 1 }];
  let topOrder = 0;
  let seat = bottom;
  for (let k = 1; k < players; k++) {
    seat = sharedFrom[seat]!;
    if (!Number.isInteger(seat) || out.some((s) => s.seat === seat)) throw new Error(`seatSlots: shared_from ${JSON.stringify(sharedFrom)} is not one circle`);
    const side = sides[k - 1]!;
    // Angle on the oval, clockwise from the bottom (screen coordinates: y downwards).
    const a = Math.PI / 2 + (k * 2 * Math.PI) / players;
    out.push({
      seat,
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

/** The seat whose display holds `seat`'s column 4 (its right neighbour), from the view's `shared_from`. */
export function sharedWith(sharedFrom: readonly number[], seat: number): number {
  return sharedFrom.indexOf(seat);
}

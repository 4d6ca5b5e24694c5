import { describe, expect, it } from 'vitest';
import { lineCells } from './Grids';
import type { Cell, PublicView } from '../protocol/view';

const down: Cell = { state: 'down' };
const empty: Cell = { state: 'empty' };
const view = (grids: Cell[][]) => ({ grids }) as unknown as PublicView;

describe('lineCells: the cells a clear button points at', () => {
  const grids = [Array(12).fill(down), Array(12).fill(down), Array(12).fill(down), Array(12).fill(down)];
  it('display column 0 is the left neighbour’s column 4', () => {
    expect(lineCells(view(grids), 1, 'col-0')).toEqual(['2a3', '2b3', '2c3']);
    expect(lineCells(view(grids), 3, 'col-0')).toEqual(['0a3', '0b3', '0c3']);
    expect(lineCells(view(grids), 1, 'col-2')).toEqual(['1a1', '1b1', '1c1']);
  });
  it('a row line skips the cleared cells to its right, around the corner too', () => {
    expect(lineCells(view(grids), 2, 'row-b1')).toEqual(['2b0', '2b1', '2b2']);
    const g = grids.map((x) => [...x]);
    g[1]![0] = empty; // 1a0 cleared: 2a3, then 1a1 and 1a2
    expect(lineCells(view(g), 1, 'row-a0')).toEqual(['2a3', '1a1', '1a2']);
  });
});

// The grids of the table: a seat's 12 cards (small, around the oval; the top row mirrored so the
// shared columns lie beside the grid they complete) and the bottom player's 15-card display
// (large, outlined: the left neighbour's column 4, marked with the red chip of the shared
// column, then the own four columns). Whose column completes a display is the server's
// (`view.shared_from`); which cards a clear removes too (`pending[].lines`): nothing here
// knows the geometry of the table.
import type { Cell, PublicView } from '../protocol/view';
import { cellText } from '../protocol/view';
import { CardView } from './Card';
import { sharedWith } from './layout';
import { ColNumber, RowNumbers } from './CellNumbers';
import type { Translate } from '../text/narrator';

export interface GridContext {
  t: Translate;
  view: PublicView;
  names: string[];
  /** Cell text -> the legal action on it (reveal/swap/take/put). */
  cellActions: Map<string, string>;
  /** The drawn (or taken) card may be dropped on the cell actions. */
  dropping: boolean;
  hinted: string | null;
  /** Cells shown as part of the line a clear button points at. */
  marked: ReadonlySet<string>;
  /**
   * The take step: the knocker's display is his grid and the column 4 of `left` (the view's
   * shared_from): that column is drawn beside his grid and taken from there.
   */
  beside?: { knocker: number; left: number } | null;
  /**
   * A narrow screen: the seat whose column 4 the bottom display also draws (its left neighbour,
   * view.shared_from); that column's moves are offered there only, on the large cards, not on
   * the small grid's 18 px copies.
   */
  bigOnly?: number | null;
  onAct: (action: string) => void;
  /** The game review: the cells of the best choice (drawn as a hint) and of the choice made. */
  review?: { best: string | null; chosen: string | null } | null;
}

const ROWS = [0, 1, 2];

// The cards' labels, formatted once per language and content (a frame redraws ~90 cards).
const labels = new WeakMap<Translate, Map<string, string>>();

function cellLabel(g: GridContext, owner: number, row: number, col: number, cell: Cell): string {
  let cache = labels.get(g.t);
  if (!cache) labels.set(g.t, (cache = new Map()));
  const name = g.names[owner] ?? '';
  const key = `${name}\u0000${row}${col}${cell.state}${cell.state === 'up' ? cell.value : ''}`;
  let label = cache.get(key);
  if (label === undefined) cache.set(key, (label = formatLabel(g, name, row, col, cell)));
  return label;
}

function formatLabel(g: GridContext, name: string, row: number, col: number, cell: Cell): string {
  return g.t('web.table.cell', {
    owner: name,
    row: row + 1,
    col: col + 1,
    state: cell.state,
    card: cell.state === 'up' ? String(cell.value) : '',
  });
}

function OneCard(p: { g: GridContext; owner: number; row: number; col: number; shared?: boolean; copy?: boolean; small?: boolean }) {
  const { g, owner, row, col } = p;
  const cell = g.view.grids[owner]?.[row * 4 + col] ?? { state: 'empty' as const };
  const text = cellText({ owner, row, col });
  // In the take step the column beside the knocker's grid is the one to take from.
  const away = !p.copy && !!g.beside && owner === g.beside.left && col === 3;
  const inBig = !!p.small && g.bigOnly === owner && col === 3;
  const action = away || inBig ? undefined : g.cellActions.get(text);
  return (
    <CardView
      cell={cell}
      cellText={text}
      label={cellLabel(g, owner, row, col, cell)}
      action={action}
      onAct={g.onAct}
      droppable={g.dropping && !!action && !action.startsWith('take') && !action.startsWith('reveal')}
      hole={g.view.hole === text}
      hinted={(!!action && action === g.hinted) || (!!g.review && g.review.best === text && !inBig)}
      extraClass={[p.shared ? 'shared' : '', g.marked.has(text) ? 'marked' : '', away ? 'moved-away' : '', g.review && g.review.chosen === text && g.review.best !== text ? 'chosen' : ''].join(' ').trim() || undefined}
    />
  );
}

/** A seat's own 12 cards, as its neighbours see it. */
export function SeatGrid(p: { g: GridContext; seat: number; mirrored: boolean }) {
  const cols = p.mirrored ? [3, 2, 1, 0] : [0, 1, 2, 3];
  const right = p.g.names[sharedWith(p.g.view.shared_from, p.seat)] ?? '';
  const beside = p.g.beside?.knocker === p.seat ? <TakeBeside g={p.g} left={p.g.beside.left} /> : null;
  return (
    <div class={`grid small${p.mirrored ? ' mirrored' : ''}`} data-take-display={beside ? p.seat : undefined}>
      <RowNumbers />
      {!p.mirrored && beside}
      {cols.map((col) => (
        <div class={`col${col === 3 ? ' shared-col' : ''}`} key={col} title={col === 3 ? p.g.t('web.table.shared_with', { name: right }) : undefined}>
          {col === 3 && <span class="chip" aria-hidden="true" />}
          <ColNumber col={col} />
          {ROWS.map((row) => (
            <OneCard key={row} g={p.g} owner={p.seat} row={row} col={col} shared={col === 3} small />
          ))}
        </div>
      ))}
      {p.mirrored && beside}
    </div>
  );
}

/**
 * The take step: the column 4 of the knocker's left neighbour, which completes his 15-card
 * display, drawn beside his grid (where the rules say it belongs for this move), named and
 * numbered as its owner's column 4; its cards on the neighbour's own grid are dimmed meanwhile.
 */
function TakeBeside(p: { g: GridContext; left: number }) {
  return (
    <div class="col shared-col neighbour beside" title={p.g.t('web.table.column_of', { name: p.g.names[p.left] ?? '' })}>
      <span class="chip" aria-hidden="true" />
      <span class="col-owner">{p.g.names[p.left]}</span>
      <ColNumber col={3} />
      {ROWS.map((row) => (
        <OneCard key={row} g={p.g} owner={p.left} row={row} col={3} shared copy />
      ))}
    </div>
  );
}

/** The 15-card display of the bottom seat: the left neighbour's column 4, then the own grid. */
export function Display(p: { g: GridContext; seat: number; mine: boolean }) {
  const left = p.g.view.shared_from[p.seat] ?? -1;
  const right = sharedWith(p.g.view.shared_from, p.seat);
  const label = p.mine ? p.g.t('web.table.your_display') : p.g.t('web.table.display_of', { name: p.g.names[p.seat] ?? '' });
  return (
    <div class="display" role="group" aria-label={label}>
      {/* The neighbour's column last, so that Tab reaches the own cards first; CSS (order) draws it first. */}
      <div class="grid big">
        <RowNumbers />
        {[0, 1, 2, 3].map((col) => (
          <div class={`col${col === 3 ? ' shared-col' : ''}`} key={col} title={col === 3 ? p.g.t('web.table.shared_with', { name: p.g.names[right] ?? '' }) : undefined}>
            {col === 3 && <span class="chip" aria-hidden="true" />}
            <ColNumber col={col} />
            {ROWS.map((row) => (
              <OneCard key={row} g={p.g} owner={p.seat} row={row} col={col} shared={col === 3} />
            ))}
          </div>
        ))}
        <div class="col shared-col neighbour" title={p.g.t('web.table.column_of', { name: p.g.names[left] ?? '' })}>
          <span class="chip" aria-hidden="true" />
          <span class="col-owner">{p.g.names[left]}</span>
          <ColNumber col={3} />
          {ROWS.map((row) => (
            <OneCard key={row} g={p.g} owner={left} row={row} col={3} shared />
          ))}
        </div>
      </div>
    </div>
  );
}

// The row and column numbers drawn beside every grid, as the terminal game draws them: rows 1-3
// from the top, columns 1-4 of the owner's grid (the top row's mirrored grids 4..1). They are
// the numbers the log, the buttons and the card labels name a cell by ("Bea's row 2, column
// 4"): in the 15-card display the neighbour's column, drawn first, is numbered 4 under its
// owner's name, then come the own columns 1-4, so what the log says is what the player sees.
// Decoration for the eye (aria-hidden): every card's label says its place in words.
import './cell-numbers.css';

/** The number above a column: its column in its owner's grid (0-3 -> "1"-"4"). */
export function ColNumber(p: { col: number }) {
  return (
    <span class="col-num" aria-hidden="true">
      {p.col + 1}
    </span>
  );
}

/** The row numbers 1-3, a column of their own before a grid's first column. */
export function RowNumbers() {
  return (
    <div class="col row-nums" aria-hidden="true">
      <span class="col-num" />
      {[1, 2, 3].map((r) => (
        <span key={r} class="row-num">
          {r}
        </span>
      ))}
    </div>
  );
}

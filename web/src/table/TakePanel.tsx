// The take step on a narrow screen (issue 28 §1): the knocker's 15-card display (his grid and,
// beside it, his left neighbour's column 4) drawn large over the felt, so that every card to take
// is a touch target (>= 44x44 CSS px) instead of a 14-20 px card of a small grid. It is shown only
// while this seat has `take ...` actions in its legal list; which cards are offered comes from
// that list alone (the GridContext's cellActions), as everywhere on the table.
import { SeatGrid, type GridContext } from './Grids';
import './take-panel.css';

export function TakePanel(p: { g: GridContext; knocker: number }) {
  const name = p.g.names[p.knocker] ?? '';
  return (
    <div class="take-panel" role="group" aria-label={p.g.t('web.table.display_of', { name })}>
      <p class="take-panel-name">{name}</p>
      <SeatGrid g={p.g} seat={p.knocker} mirrored={false} />
    </div>
  );
}

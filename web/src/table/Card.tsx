// One card of a grid or a pile: face down, face up with its value (always printed, coloured like
// the real deck or with the colour-blind-safe palette), or an empty place (cleared, or the hole
// of a knock). A card that is a legal move is a button carrying `data-action` (the action text
// sent to the server); it can also take the drawn card by drag and drop (`data-drop`: drag.ts).
import { memo } from 'preact/compat';
import type { Cell } from '../protocol/view';

/** The colour group of a value (table.css colours each; the value is printed on every card). */
export function valueClass(v: number): string {
  if (v < 0) return 'v-neg';
  if (v === 0) return 'v-zero';
  if (v <= 4) return 'v-low';
  if (v <= 8) return 'v-mid';
  return 'v-high';
}

export interface CardProps {
  cell: Cell;
  label: string;
  action?: string;
  onAct?: (action: string) => void;
  /** Drop target for the drawn card (the same action as a click; drag.ts). */
  droppable?: boolean;
  hole?: boolean;
  hinted?: boolean;
  extraClass?: string;
  /** The cell text ("1b3") of a grid card, as `data-cell` (the tests compare it with the server's cells). */
  cellText?: string;
}

/** A card redraws only when what it shows or offers changed (a frame brings new objects). */
export const CardView = memo(CardViewInner, (a, b) => {
  const ca = a.cell as { state: string; value?: number };
  const cb = b.cell as { state: string; value?: number };
  return ca.state === cb.state && ca.value === cb.value && a.label === b.label && a.action === b.action && a.onAct === b.onAct && a.droppable === b.droppable && a.hole === b.hole && a.hinted === b.hinted && a.extraClass === b.extraClass && a.cellText === b.cellText;
});

function CardViewInner(p: CardProps) {
  const c = p.cell;
  const inner =
    c.state === 'up' ? (
      <span key={`u${c.value}`} class={`face up ${valueClass(c.value)}`} aria-hidden="true">
        <span class="val">{c.value}</span>
        <span class="corner">{c.value}</span>
      </span>
    ) : c.state === 'down' ? (
      <span key="d" class="face down" aria-hidden="true" />
    ) : (
      <span key="e" class={`face empty${p.hole ? ' hole' : ''}`} aria-hidden="true" />
    );
  const cls = `card${p.action ? ' legal' : ''}${p.hinted ? ' hinted' : ''}${p.extraClass ? ` ${p.extraClass}` : ''}`;
  if (p.action && p.onAct) {
    const a = p.action;
    return (
      <button type="button" class={cls} data-action={a} data-cell={p.cellText} aria-label={p.label} title={p.label} data-drop={p.droppable ? '' : undefined} onClick={() => p.onAct!(a)}>
        {inner}
      </button>
    );
  }
  return (
    <div class={cls} role="img" aria-label={p.label} data-cell={p.cellText}>
      {inner}
    </div>
  );
}

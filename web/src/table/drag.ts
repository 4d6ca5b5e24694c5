// Drag and drop of the drawn (or taken) card with Pointer Events, so that a mouse, a pen and a
// finger all drag the same way (HTML5 drag and drop never starts from a touch). The card follows
// the pointer (captured, so the move goes on outside it); a drop target is a card or pile that
// carries `data-drop` and the `data-action` its click sends: the drop sends that same action,
// so dragging offers exactly the moves the click path offers. A short move is a tap, not a
// drag (the click path handles it); pointercancel or a drop elsewhere puts the card back.

/** Moves shorter than this (px) are a tap. */
const SLOP = 6;

/** The drop target under the point, ignoring the dragged card itself. */
export function dropTargetAt(x: number, y: number, dragged: Element): HTMLElement | null {
  for (const hit of document.elementsFromPoint(x, y)) {
    if (dragged.contains(hit)) continue;
    return (hit as HTMLElement).closest<HTMLElement>('[data-drop]');
  }
  return null;
}

/** The pointerdown handler of a draggable card: drags it until the pointer is released. */
export function startDrag(e: PointerEvent, send: (action: string) => void): void {
  if (!e.isPrimary || e.button !== 0) return;
  const el = e.currentTarget as HTMLElement;
  const id = e.pointerId;
  const x0 = e.clientX;
  const y0 = e.clientY;
  let moved = false;
  let over: HTMLElement | null = null;
  try {
    el.setPointerCapture(id);
  } catch {
    /* the pointer is gone already: the listeners below still see its events on the card */
  }
  const mark = (target: HTMLElement | null) => {
    if (target === over) return;
    over?.classList.remove('over');
    target?.classList.add('over');
    over = target;
  };
  const move = (ev: PointerEvent) => {
    if (ev.pointerId !== id) return;
    const dx = ev.clientX - x0;
    const dy = ev.clientY - y0;
    if (!moved && Math.hypot(dx, dy) < SLOP) return;
    moved = true;
    ev.preventDefault();
    el.classList.add('dragging');
    el.style.transform = `translate(${dx}px, ${dy}px)`;
    mark(dropTargetAt(ev.clientX, ev.clientY, el));
  };
  const end = (ev: PointerEvent) => {
    if (ev.pointerId !== id) return;
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', end);
    el.removeEventListener('pointercancel', end);
    el.classList.remove('dragging');
    el.style.transform = '';
    mark(null);
    if (ev.type !== 'pointerup' || !moved) return;
    const action = dropTargetAt(ev.clientX, ev.clientY, el)?.dataset.action;
    if (action) send(action);
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
}

// The side of the table (scores, log, chat) on a narrow screen: a sheet behind a tab in the
// action bar, so that the felt and the bar fill the screen. The tab counts the chat lines of the
// others that came while the sheet was closed (on a wide screen the side is always in view, so
// nothing is unread there). The layout itself is phone.css's.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import type { ChatLine } from '../protocol/view';
import type { Translate } from '../text/narrator';

/** The width from which the side is always shown beside the felt (table.css's wide layout). */
export const WIDE_QUERY = '(min-width: 1100px)';

/** Whether a CSS media query matches now (follows its changes). */
export function useMedia(query: string): boolean {
  const get = () => typeof matchMedia === 'function' && matchMedia(query).matches;
  const [on, setOn] = useState(get);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(query);
    const change = () => setOn(m.matches);
    m.addEventListener('change', change);
    change();
    return () => m.removeEventListener('change', change);
  }, [query]);
  return on;
}

/**
 * The number of chat lines from others not yet seen: those after the last line seen while the
 * side was in view (the sheet open, or a wide screen).
 */
export function useUnread(chat: ChatLine[], sheetOpen: boolean, mySeat: number | null): number {
  const wide = useMedia(WIDE_QUERY);
  const visible = sheetOpen || wide;
  const lastSeq = chat.at(-1)?.seq ?? 0;
  const [seen, setSeen] = useState(lastSeq);
  useEffect(() => {
    if (visible) setSeen(lastSeq);
  }, [visible, lastSeq]);
  if (visible) return 0;
  return chat.filter((c) => c.seq > seen && (mySeat === null || c.seat !== mySeat)).length;
}

/** The tab of the action bar that opens the sheet (hidden on a wide screen by phone.css). */
export function SheetTab(p: { t: Translate; open: boolean; unread: number; toggle: () => void; buttonRef?: RefObject<HTMLButtonElement> }) {
  const label = p.t('web.table.side_tab');
  return (
    <button ref={p.buttonRef} type="button" class="sheet-tab" aria-expanded={p.open} aria-controls="table-side" onClick={p.toggle} aria-label={p.unread > 0 ? `${label} (${p.t('web.table.unread', { count: p.unread })})` : label}>
      <span aria-hidden="true">☰</span>
      <span class="sheet-tab-label">{label}</span>
      {p.unread > 0 && (
        <span class="unread" aria-hidden="true">
          {p.unread}
        </span>
      )}
    </button>
  );
}

/**
 * The sheet as a dialog is used: when it opens the focus moves into it (its close button), when
 * it closes (its button, Escape, the tab) the focus goes back to the tab; Escape closes it.
 */
export function useSheetFocus(open: boolean, close: () => void) {
  const sheetRef = useRef<HTMLElement>(null);
  const tabRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) sheetRef.current?.querySelector<HTMLElement>('.sheet-close')?.focus();
    else if (sheetRef.current?.contains(document.activeElement) || document.activeElement === document.body) tabRef.current?.focus();
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (open && e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  return { sheetRef, tabRef, onKeyDown };
}

// The table screen: the seats around an oval (the bottom player's 15-card display large and
// outlined, the others smaller), the draw and discard piles, the card in hand, what is decided
// now in words, the controls of the legal moves, the log of events, chat and the round's end.
// The server is the only authority: every control is one of the server's `legal` actions for
// this seat (marked `data-action`), the cells a clear removes are its `pending[].lines`, whose
// column completes a display its `view.shared_from`; nothing is decided or guessed here. Without `act` the same
// screen is read-only (replay viewer, rules pictures).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatLine, LoggedEvent, PublicView, TableFrame } from '../protocol/view';
import { parseCell } from '../protocol/view';
import { useT } from '../i18n/context';
import { actionLabel, roundLabel, type Translate, type Voices } from '../text/narrator';
import { tableStatus, type KnockAnswer } from '../text/status';
import { useKnockAnswer } from './knockAnswer';
import { hintLines, onlyMove, type HintData } from '../text/hint';
import { seatSlots, type SeatSlot } from './layout';
import { Display, SeatGrid, type GridContext } from './Grids';
import { CardView } from './Card';
import { Clock, Ring, useSecondsLeft } from './Countdown';
import { EventLog, Chat } from './Side';
import { RoundEnd, Scoreboard } from './RoundEnd';
import { ContinueBar, TakeoverClock, firstAnswer } from './ContinueBar';
import { startDrag } from './drag';
import { SheetTab, useUnread, useMedia, useSheetFocus, WIDE_QUERY } from './SideSheet';
import { ClearFlight } from './ClearFlight';
import { TakePanel } from './TakePanel';
import './table.css';
import './phone.css';
import './animations.css';

export interface TableScreenProps {
  table: TableFrame; // the latest TABLE (protocol/view.ts)
  events: LoggedEvent[]; // every event seen at this table, in order, { seq, event }
  chat: ChatLine[]; // { seq, seat: number|null, name, text }
  mySeat: number | null; // null: spectator (or replay)
  act?: (action: string, decision?: number) => void; // absent: read-only (replay, rules)
  sendChat?: (text: string) => void;
  requestHint?: () => Promise<HintData | null>;
  ready?: () => void; // Continue at a round's end (absent: read-only)
  receivedAt: number; // performance.now() when the frame arrived (for countdowns and the 16 ms figure)
  /** Read-only (the game review): the best choice, drawn as the hint draws a suggestion, and the choice made. */
  review?: { best: string; chosen: string } | null;
  /** Read-only: the seat drawn at the bottom (default: mySeat, else seat 0). */
  bottomSeat?: number;
}

/** The times from a frame's arrival to the table drawn (ms), for the e2e speed figure. */
declare global {
  interface Window {
    __allegraTableMs?: number[];
  }
}

const CB_KEY = 'allegra.colourblind';

function readCb(): boolean {
  try {
    return localStorage.getItem(CB_KEY) === '1';
  } catch {
    return false;
  }
}

export function TableScreen(p: TableScreenProps) {
  const t = useT();
  const view = p.table.view;
  // The speed figure: from the frame's arrival to the DOM updated.
  useLayoutEffect(() => {
    if (!p.receivedAt) return;
    const ms = performance.now() - p.receivedAt;
    (window.__allegraTableMs ??= []).push(ms);
  }, [p.table, p.receivedAt]);
  if (!view) return null;
  return <Table {...p} view={view} t={t} />;
}

function Table(p: TableScreenProps & { view: PublicView; t: Translate }) {
  const { view, t, table } = p;
  const n = view.grids.length;
  const names = useMemo(() => table.seats.map((s, i) => (s.kind === 'open' ? null : s.name) ?? t('name.player', { number: i + 1 })), [table.seats, t]);
  const voices: Voices = useMemo(() => ({ names, you: p.mySeat }), [names, p.mySeat]);
  const bottom = p.mySeat !== null && p.mySeat < n ? p.mySeat : p.bottomSeat !== undefined && p.bottomSeat < n ? p.bottomSeat : 0;
  const slots = useMemo(() => seatSlots(view.shared_from, bottom), [view.shared_from, bottom]);
  const [cb, setCb] = useState(readCb);
  const [hint, setHint] = useState<HintData | null>(null);
  const [hintBusy, setHintBusy] = useState(false);
  const [pointed, setPointed] = useState<string | null>(null);
  // Narrow screens: the scores, log and chat are a sheet behind a tab of the action bar.
  const [sheet, setSheet] = useState(false);
  const unread = useUnread(p.chat, sheet, p.mySeat);
  const sheetFocus = useSheetFocus(sheet, () => setSheet(false));

  const mine = p.act && p.mySeat !== null ? table.pending.find((x) => x.seat === p.mySeat) : undefined;
  const legal = mine?.legal ?? [];
  const [answer, noteAnswer] = useKnockAnswer(view, table.pending);
  const sent = useRef<{ decision: number | undefined }>({ decision: undefined });
  const sendNow = (action: string) => {
    if (!p.act || !legal.includes(action)) return;
    if (!firstAnswer(sent.current, mine?.decision)) return; // a double click: the first only
    setHint(null);
    noteAnswer(action, mine);
    p.act(action, mine?.decision);
  };
  // One function for the whole life of the screen, so the cards need not redraw for it.
  const sendRef = useRef(sendNow);
  sendRef.current = sendNow;
  const send = useCallback((action: string) => sendRef.current(action), []);
  // The hint belongs to one decision.
  useEffect(() => setHint(null), [mine?.decision, view.phase, view.active]);

  const cellActions = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of legal) {
      const [verb, arg] = a.split(' ');
      if (arg && parseCell(arg) && verb !== 'give') m.set(arg, a);
    }
    return m;
  }, [legal]);
  const has = (a: string) => legal.includes(a);
  const dropping = legal.some((a) => a.startsWith('swap ') || a.startsWith('put '));

  // The cells of the line a clear button points at (or the hint names): the server's list.
  const marked = useMemo(() => {
    const a = pointed ?? hint?.action ?? null;
    return new Set(mine?.lines?.find((l) => l.action === a)?.cells ?? []);
  }, [pointed, hint, mine]);
  // The take step: the knocker's 15 cards together (his grid and his neighbour's column 4).
  const beside = view.phase === 'take' && view.knocker !== null && view.knocker !== bottom ? { knocker: view.knocker, left: view.shared_from[view.knocker] ?? -1 } : null;
  const g: GridContext = { t, view, names, cellActions, dropping, hinted: hint?.action ?? null, marked, beside, onAct: send, review: reviewCells(p.review) };
  // On a narrow screen this seat's take step is played on the knocker's display drawn large over
  // the felt (TakePanel); the felt's small cards then offer nothing.
  const narrow = !useMedia(WIDE_QUERY);
  const takePanel = narrow && beside !== null && legal.some((a) => a.startsWith('take '));
  const bigOnly = narrow ? (view.shared_from[bottom] ?? null) : null;
  const feltG: GridContext = takePanel ? { ...g, bigOnly, cellActions: new Map(Array.from(cellActions).filter(([, a]) => !a.startsWith('take '))), beside: null } : { ...g, bigOnly };

  // Keyboard: the moves that are not a card have keys (a card is a button: Tab, Enter).
  useEffect(() => {
    if (!p.act) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      const map: Record<string, string> = { d: 'draw', s: 'draw-discard', x: 'discard', k: 'knock', p: 'pass', r: 'refuse', l: 'leave' };
      const a = map[key];
      if (a && legal.includes(a)) {
        e.preventDefault();
        send(a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const status = tableStatus(t, voices, view, table.pending, answer);
  const roundShown = view.phase === 'round-over' || view.phase === 'game-over';
  const knockPending = table.pending.filter((x) => x.knock_window).map((x) => x.seat);

  const seatHead = (s: SeatSlot) => <SeatHead key={`h${s.seat}`} p={p} view={view} seat={s.seat} names={names} knockPending={knockPending} roundShown={roundShown} answer={answer} />;
  const others = slots.slice(1);
  const side = (which: string) => others.filter((s) => s.side === which);

  const topCount = side('top').length;
  return (
    <div data-phase={view.phase} class={`table-screen players-${n}${cb ? ' cb' : ''}${p.act ? '' : ' read-only'}`}>
      <div class="felt" onKeyDown={arrowKeys}>
        {/* The own display first, so that Tab reaches it before the others' cards (CSS puts it at the bottom). */}
        <div class={`seat bottom${seatClass(view, table, bottom)}${p.mySeat === bottom ? ' mine' : ''}`}>
          {seatHead(slots[0]!)}
          <Display g={feltG} seat={bottom} mine={p.mySeat === bottom} />
        </div>
        <div class="row-top">
          {side('top').map((s) => (
            <div key={s.seat} class={`seat top${seatClass(view, table, s.seat)}`} style={{ transform: topCount > 1 ? `translateY(${Math.round((1 + s.y) * 14)}px)` : undefined }}>
              {seatHead(s)}
              <SeatGrid g={feltG} seat={s.seat} mirrored={s.mirrored} />
            </div>
          ))}
        </div>
        <div class="row-mid">
          <div class="side-seat">
            {side('left').map((s) => (
              <div key={s.seat} class={`seat left${seatClass(view, table, s.seat)}`}>
                {seatHead(s)}
                <SeatGrid g={feltG} seat={s.seat} mirrored={false} />
              </div>
            ))}
          </div>
          <Centre p={p} view={view} t={t} names={names} legal={legal} send={send} hinted={hint?.action ?? null} />
          <div class="side-seat">
            {side('right').map((s) => (
              <div key={s.seat} class={`seat right${seatClass(view, table, s.seat)}`}>
                {seatHead(s)}
                <SeatGrid g={feltG} seat={s.seat} mirrored={false} />
              </div>
            ))}
          </div>
        </div>
        {takePanel && beside && <TakePanel g={g} knocker={beside.knocker} />}
      </div>
      <ClearFlight events={p.events} />

      <div class="controls">
        <div class="bar-top">
          {status && (
            <p class={`status${mine ? ' yours' : ''}`} role="status">
              {status}
            </p>
          )}
          <SheetTab t={t} open={sheet} unread={unread} toggle={() => setSheet((o) => !o)} buttonRef={sheetFocus.tabRef} />
        </div>
        <KnockExplain view={view} t={t} names={names} you={p.mySeat} />
        {mine && (
          <Actions t={t} view={view} names={names} voices={voices} legal={legal} has={has} send={send} pending={mine} receivedAt={p.receivedAt} knockMs={table.config.knock_window_ms} hinted={hint?.action ?? null} point={setPointed} />
        )}
        {p.requestHint && mine && !mine.knock_window && (
          <div class="hint-row">
            <button
              type="button"
              class="hint-button"
              disabled={hintBusy}
              onClick={() => {
                setHintBusy(true);
                p.requestHint!()
                  .then((h) => setHint(h))
                  .catch(() => setHint(null))
                  .finally(() => setHintBusy(false));
              }}
            >
              {hintBusy ? t('hint.thinking') : t('web.table.hint')}
            </button>
            {hint && <HintText t={t} voices={voices} view={view} hint={hint} seat={p.mySeat ?? 0} />}
          </div>
        )}
      </div>
      {roundShown && view.last_round && (
        <RoundEnd t={t} view={view} names={names} voices={voices} roundOverMs={table.round_over?.in_ms ?? null} receivedAt={p.receivedAt}>
          <ContinueBar t={t} table={table} names={names} mySeat={p.mySeat} ready={p.ready} receivedAt={p.receivedAt} />
        </RoundEnd>
      )}

      <aside class={`table-side${sheet ? ' open' : ''}`} id="table-side" ref={sheetFocus.sheetRef} onKeyDown={sheetFocus.onKeyDown}>
        <button type="button" class="sheet-close" onClick={() => setSheet(false)}>
          {t('web.table.side_close')}
        </button>
        <Scoreboard t={t} events={p.events} rounds={table.rounds} names={names} open={roundShown} totalsHalf={view.totals_half} roundsPlayed={view.rounds_played} />
        <EventLog t={t} voices={voices} events={p.events} />
        <Chat t={t} chat={p.chat} send={p.sendChat} />
        <label class="cb-toggle">
          <input
            type="checkbox"
            checked={cb}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              setCb(on);
              try {
                localStorage.setItem(CB_KEY, on ? '1' : '0');
              } catch {
                /* private mode: the choice lasts for this page */
              }
            }}
          />{' '}
          {t('web.table.colour_blind')}
        </label>
      </aside>
    </div>
  );
}

/** The cells the review's best choice and choice made name (their action's cell argument), if any. */
function reviewCells(r: TableScreenProps['review']): GridContext['review'] {
  if (!r) return null;
  const cell = (a: string) => {
    const arg = a.split(' ')[1];
    return arg && parseCell(arg) ? arg : null;
  };
  return { best: cell(r.best), chosen: cell(r.chosen) };
}

/** Arrow keys move the focus to the nearest offered card in that direction (Enter plays it). */
function arrowKeys(e: KeyboardEvent) {
  const dir = ({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as Record<string, [number, number]>)[e.key];
  const cur = document.activeElement as HTMLElement | null;
  if (!dir || !cur || !cur.classList.contains('card')) return;
  const felt = e.currentTarget as HTMLElement;
  const a = cur.getBoundingClientRect();
  let best: HTMLElement | null = null;
  let bestScore = Infinity;
  for (const el of Array.from(felt.querySelectorAll<HTMLElement>('button.card'))) {
    if (el === cur) continue;
    const b = el.getBoundingClientRect();
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  if (best) {
    e.preventDefault();
    best.focus();
  }
}

function seatClass(view: PublicView, table: TableFrame, seat: number): string {
  let c = '';
  // In a knock window everyone eligible answers at once: the turn is still the active player's.
  const turn = view.phase === 'knock-window' ? view.active : view.current_player;
  if (turn === seat || table.pending.some((x) => x.seat === seat && !x.knock_window)) c += ' deciding';
  if (view.knockers.includes(seat)) c += ' knocked';
  return c;
}

function SeatHead(q: { p: TableScreenProps; view: PublicView; seat: number; names: string[]; knockPending: number[]; roundShown: boolean; answer: KnockAnswer }) {
  const t = useT();
  const { p, view, seat, names } = q;
  const info = p.table.seats[seat];
  const pend = p.table.pending.find((x) => x.seat === seat);
  const total = (view.totals_half[seat] ?? 0) / 2;
  const raw = view.last_round?.raw_half[seat];
  return (
    <div class="seat-head">
      {(view.phase === 'knock-window' ? view.active : view.current_player) === seat && !q.roundShown && <span class="turn-mark" aria-hidden="true">▶</span>}
      <span class="seat-name">{names[seat]}</span>
      {p.mySeat === seat && <span class="you-tag">{t('name.you')}</span>}
      <span class="seat-total" title={t('table.total')}>
        {t('web.table.points', { points: total })}
      </span>
      {info?.kind === 'bot' && <span class="tag bot">{t('web.table.bot')}</span>}
      {info?.kind === 'person' && info.connected === false && !info.zombie && <span class="tag off">{t('web.table.offline')}</span>}
      {info?.kind === 'person' && !info.zombie && <TakeoverClock t={t} inMs={info.takeover_in_ms} receivedAt={p.receivedAt} />}
      {info?.kind === 'person' && info.zombie && <span class="tag zombie">{t('web.table.bot_plays')}</span>}
      {(view.knockers.includes(seat) || (q.answer === 'knock' && p.mySeat === seat)) && <span class="tag knock">{t('web.table.knocked')}</span>}
      {q.knockPending.includes(seat) && <span class="tag thinking" aria-hidden="true">…</span>}
      {pend && !pend.knock_window && pend.in_ms !== null && <Clock inMs={pend.in_ms} receivedAt={p.receivedAt} label={t('web.table.clock', { name: names[seat] ?? '' })} />}
      {q.roundShown && raw !== undefined && view.last_round && <span class="seat-sum">{t('web.table.sum', { points: raw / 2 })}</span>}
    </div>
  );
}

/** The piles, the card in hand, and the knocker's hand card / the taken card. */
function Centre(q: { p: TableScreenProps; view: PublicView; t: Translate; names: string[]; legal: string[]; send: (a: string) => void; hinted: string | null }) {
  const { view, t, names, legal, send } = q;
  const top = view.discard_pile[0];
  const drawAct = legal.includes('draw') ? 'draw' : undefined;
  const discardAct = legal.includes('draw-discard') ? 'draw-discard' : legal.includes('discard') ? 'discard' : undefined;
  const holder = view.phase === 'knocker-swap' ? view.knocker : view.active;
  const canDrag = legal.some((a) => a.startsWith('swap ') || a.startsWith('put '));
  const you = q.p.mySeat;
  return (
    <div class="centre">
      <div class="round-label">{roundLabel(t, view)}</div>
      <div class="piles">
        <div class="pile">
          <CardView
            cell={{ state: 'down' }}
            label={t('table.draw_pile', { count: view.draw_pile_size })}
            action={drawAct}
            onAct={send}
            hinted={(!!drawAct && q.hinted === drawAct) || q.p.review?.best === 'draw'}
            extraClass="draw-pile"
          />
          <span class="pile-count" aria-hidden="true">{view.draw_pile_size}</span>
        </div>
        <div class="pile">
          <CardView
            key={`discard-${view.discard_pile.length}`}
            cell={top === undefined ? { state: 'empty' } : { state: 'up', value: top }}
            label={discardAct === 'discard' ? t('action.discard', { card: String(view.held ?? '') }) : t('table.discard', { card: top === undefined ? '–' : String(top) })}
            action={discardAct}
            onAct={send}
            droppable={discardAct === 'discard'}
            hinted={(!!discardAct && q.hinted === discardAct) || q.p.review?.best === 'draw-discard' || q.p.review?.best === 'discard'}
            extraClass="discard-pile"
          />
          {view.pending_discard !== null && (
            <div class="pending-discard" title={t('web.table.to_discard', { card: String(view.pending_discard) })}>
              <CardView cell={{ state: 'up', value: view.pending_discard }} label={t('web.table.to_discard', { card: String(view.pending_discard) })} extraClass="leaving" />
            </div>
          )}
        </div>
        {view.held !== null && (
          <div class="pile in-hand" title={t(view.held_from_discard ? 'table.held_discard' : 'table.held', { actor: holder === you ? 'you' : 'other', name: names[holder ?? 0] ?? '', card: String(view.held) })}>
            <div
              key={`held-${holder}`}
              class={`held${canDrag ? ' draggable' : ''}${view.phase === 'knocker-swap' ? ' passed' : ''}`}
              onPointerDown={canDrag ? (e) => startDrag(e, send) : undefined}
            >
              <CardView cell={{ state: 'up', value: view.held }} label={t(view.held_from_discard ? 'table.held_discard' : 'table.held', { actor: holder === you ? 'you' : 'other', name: names[holder ?? 0] ?? '', card: String(view.held) })} />
            </div>
            <span class="pile-caption">{t('web.table.in_hand', { name: names[holder ?? 0] ?? '' })}</span>
          </div>
        )}
        {view.taken !== null && (
          <div class="pile in-hand">
            <div class={`held${canDrag ? ' draggable' : ''}`} onPointerDown={canDrag ? (e) => startDrag(e, send) : undefined}>
              <CardView cell={view.taken === 'hidden' ? { state: 'down' } : { state: 'up', value: view.taken }} label={t('table.taken', { actor: view.active === you ? 'you' : 'other', name: names[view.active] ?? '', face: view.taken === 'hidden' ? 'down' : 'up', card: view.taken === 'hidden' ? '' : String(view.taken) })} />
            </div>
            <span class="pile-caption">{t('web.table.in_hand', { name: names[view.active] ?? '' })}</span>
          </div>
        )}
        {view.hand !== null && view.knocker !== null && (
          <div class="pile in-hand knocker-hand">
            <CardView cell={view.hand === 'hidden' ? { state: 'down' } : { state: 'up', value: view.hand }} label={t('table.hand', { actor: view.knocker === you ? 'you' : 'other', name: names[view.knocker] ?? '', face: view.hand === 'hidden' ? 'down' : 'up', card: view.hand === 'hidden' ? '' : String(view.hand) })} />
            <span class="pile-caption">{t('web.table.in_hand', { name: names[view.knocker] ?? '' })}</span>
          </div>
        )}
      </div>
    </div>
  );
}

/** Knocking in words: who knocked; during the take and put-back, what happens next. */
function KnockExplain(q: { view: PublicView; t: Translate; names: string[]; you: number | null }) {
  const { view, t, names } = q;
  const lines: string[] = [];
  if (view.knockers.length > 0 && (view.phase === 'knock-window' || view.phase === 'choose-knocker')) {
    lines.push(t('table.knockers', { count: view.knockers.length, names: view.knockers.map((k) => names[k]).join(', ') }));
  }
  if (view.knocker !== null && view.hand !== null && (view.phase === 'take' || view.phase === 'put' || view.phase === 'choose-line')) {
    const who = view.knocker;
    lines.push(t('table.hand', { actor: who === q.you ? 'you' : 'other', name: names[who] ?? '', face: view.hand === 'hidden' ? 'down' : 'up', card: view.hand === 'hidden' ? '' : String(view.hand) }));
    lines.push(t('web.table.put_back_next', { actor: who === q.you ? 'you' : 'other', name: names[who] ?? '' }));
  }
  if (lines.length === 0) return null;
  return (
    <p class="knock-explain">
      {lines.map((l, i) => (
        <span key={i}>{/[.!?…]$/.test(l) ? l : `${l}.`} </span>
      ))}
    </p>
  );
}

/** The controls of the legal moves that are not a card: knock/pass, give/keep, clear a line, discard. */
function Actions(q: {
  t: Translate;
  view: PublicView;
  names: string[];
  voices: Voices;
  legal: string[];
  has: (a: string) => boolean;
  send: (a: string) => void;
  pending: { in_ms: number | null; knock_window: boolean };
  receivedAt: number;
  knockMs: number;
  hinted: string | null;
  /** Points at the cells of a clear button's line (hover, focus). */
  point: (action: string | null) => void;
}) {
  const { t, view, legal, send, has } = q;
  const label = (a: string) => actionLabel(t, q.voices, view, a, q.voices.you ?? 0);
  const secs = useSecondsLeft(q.pending.knock_window ? q.pending.in_ms : null, q.receivedAt);
  const knockRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The knock button takes the focus when the window opens, unless the player is typing.
    const el = document.activeElement;
    const typing = !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT');
    if (has('knock') && !typing) knockRef.current?.focus({ preventScroll: true });
  }, [q.receivedAt]);
  const btn = (a: string, label: string, cls = '', key?: string) => (
    <button key={a} type="button" class={`act ${cls}${q.hinted === a ? ' hinted' : ''}`} data-action={a} onClick={() => send(a)} aria-keyshortcuts={key}>
      {label}
    </button>
  );
  const out = [];
  if (has('knock')) {
    out.push(
      <div class="knock-wrap" key="knock">
        {q.pending.in_ms !== null && <Ring inMs={q.pending.in_ms} totalMs={q.knockMs} receivedAt={q.receivedAt} />}
        <button ref={knockRef} type="button" class="knock-button" data-action="knock" onClick={() => send('knock')} aria-keyshortcuts="K">
          <span>{label('knock')}</span>
          {secs !== null && <span class="knock-secs">{t('web.table.seconds', { seconds: secs })}</span>}
        </button>
      </div>,
    );
  }
  if (has('pass')) out.push(btn('pass', label('pass'), '', 'P'));
  for (const a of legal) {
    if (a.startsWith('give ')) out.push(btn(a, label(a), 'primary'));
  }
  if (has('refuse')) out.push(btn('refuse', label('refuse'), '', 'R'));
  if (has('discard')) out.push(btn('discard', label('discard'), '', 'X'));
  if (has('draw')) out.push(btn('draw', label('draw'), 'primary', 'D'));
  if (has('draw-discard')) out.push(btn('draw-discard', label('draw-discard'), '', 'S'));
  for (const a of legal) {
    if (a.startsWith('clear ')) {
      out.push(
        <button key={a} type="button" class={`act primary${q.hinted === a ? ' hinted' : ''}`} data-action={a} onClick={() => send(a)} onMouseEnter={() => q.point(a)} onMouseLeave={() => q.point(null)} onFocus={() => q.point(a)} onBlur={() => q.point(null)}>
          {label(a)}
        </button>,
      );
    }
  }
  if (has('leave')) out.push(btn('leave', t('action.leave'), '', 'L'));
  if (out.length === 0) return null;
  return (
    <div class={`actions${has('knock') ? ' knocking' : ''}`} role="group" aria-label={t('web.table.moves')}>
      {out}
    </div>
  );
}

/**
 * The hint: the bot's move in the page's language, named as its button is, and why, worded
 * here from the server's structured hint (text/hint.ts, the texts of src/text/hint_text.cc):
 * each move's expected points and reason, without the title the first line already says.
 */
function HintText(q: { t: Translate; voices: Voices; view: PublicView; hint: HintData; seat: number }) {
  const label = (a: string) => actionLabel(q.t, q.voices, q.view, a, q.seat);
  const lines = hintLines(q.t, q.hint, label);
  const why = onlyMove(q.hint) ? lines : lines.slice(1);
  return (
    <div class="hint-text" role="status">
      <p>{q.t('web.table.hint_move', { move: label(q.hint.action) })}</p>
      {why.length > 0 && (
        <p class="hint-why">
          {why.map((l, i) => (
            <span key={i} class={l.startsWith(' ') ? 'hint-reason' : undefined}>
              {l.trim()}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

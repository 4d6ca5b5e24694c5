// /games/ID: step through a finished game, forwards and backwards, from the server's
// `GET /games/ID/replay.json` (every step's events and public view). Each step is drawn by the
// table screen in its read-only mode; keys: Left/Right a step, PageUp/PageDown a round,
// Home/End, Space plays and pauses.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { TableScreen } from '../table/TableScreen';
import type { ReplayFile, ReplayStep } from '../protocol/messages';
import type { LastRound, LoggedEvent, PublicView, TableFrame } from '../protocol/view';
import { onLinkClick } from '../app/router';
import { Icon } from './Icons';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; why: string } | { state: 'ok'; file: ReplayFile };

export function Replay(p: { game: string }) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    fetch(`/games/${encodeURIComponent(p.game)}/replay.json`)
      .then(async (r) => {
        if (!live) return;
        if (r.status === 404) return setLoad({ state: 'missing' });
        if (!r.ok) return setLoad({ state: 'failed', why: `HTTP ${r.status}` });
        const file = (await r.json()) as ReplayFile;
        if (live) setLoad({ state: 'ok', file });
      })
      .catch((e: Error) => live && setLoad({ state: 'failed', why: e.message }));
    return () => {
      live = false;
    };
  }, [p.game]);
  if (load.state === 'loading') return <p class="page narrow muted">{t('web.replay.loading')}</p>;
  if (load.state !== 'ok')
    return (
      <div class="page narrow">
        <h1>{t('web.replay.heading', { game: p.game })}</h1>
        <p role="alert">{load.state === 'missing' ? t('web.replay.missing', { game: p.game }) : t('web.replay.failed', { why: load.why })}</p>
        <a href="/" onClick={(e) => onLinkClick(e, '/')}>
          {t('web.app.home')}
        </a>
      </div>
    );
  return <Viewer game={p.game} file={load.file} />;
}

/** One position of the viewer: a public view, the events that led to it, the decisions applied. */
export interface Position {
  view: ReplayFile['initial'];
  events: ReplayStep['events'];
  step: number;
  roundStart: boolean;
}

/**
 * The positions of a replay: the first deal, then one per decision; a decision that ended a
 * round that is not the last gives two: the finished round on show, then the next deal.
 */
export function positions(file: ReplayFile): Position[] {
  const out: Position[] = [{ view: file.initial, events: [], step: 0, roundStart: true }];
  for (const s of file.steps) {
    if (s.round_over) {
      const deal = s.events.findIndex((e) => e.type === 'round-started');
      const cut = deal < 0 ? s.events.length : deal;
      out.push({ view: s.round_over, events: s.events.slice(0, cut), step: s.index, roundStart: false });
      out.push({ view: s.view, events: s.events.slice(cut), step: s.index, roundStart: true });
    } else {
      out.push({ view: s.view, events: s.events, step: s.index, roundStart: false });
    }
  }
  return out;
}

/** The seats of a recorded game as TABLE draws them. */
export function recordSeats(file: ReplayFile): TableFrame['seats'] {
  return file.players.map((x) => (x.bot ? { kind: 'bot' as const, name: x.name, level: x.bot } : { kind: 'person' as const, name: x.name, connected: true, zombie: false }));
}

/** A TABLE frame of a recorded game at one position: what the replay and the review draw. */
export function recordFrame(
  game: string,
  file: ReplayFile,
  seats: TableFrame['seats'],
  view: PublicView,
  at: Pick<TableFrame, 'status' | 'rounds' | 'seed'>,
): TableFrame {
  return {
    code: game.split('-')[0] ?? game,
    game,
    public: true,
    config: { options: file.options ?? {}, knock_window_ms: 5000, turn_clock_ms: null, grace_ms: 60000, zombie_bot: 'greedy', hints: false },
    seats,
    spectators: 0,
    view,
    pending: [],
    round_over: null,
    rating_changes: null,
    ...at,
  };
}

/** The events of positions 0..index, for the log. */
export function eventsUpTo(all: Position[], index: number): LoggedEvent[] {
  const out: LoggedEvent[] = [];
  for (let k = 0; k <= index; k++) for (const event of all[k]!.events) out.push({ seq: k, event });
  return out;
}

function Viewer(p: { game: string; file: ReplayFile }) {
  const t = useT();
  const all = useMemo(() => positions(p.file), [p.file]);
  const last = all.length - 1;
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const rounds = useMemo(() => all.map((x, k) => (x.roundStart ? k : -1)).filter((k) => k >= 0), [all]);
  // The key handler reads the position from a ref: two quick presses must move two steps.
  const at = useRef(0);
  at.current = i;
  const go = (n: number) => {
    at.current = Math.max(0, Math.min(last, n));
    setI(at.current);
  };

  useEffect(() => {
    if (!playing) return;
    if (i >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setI((x) => Math.min(last, x + 1)), 700);
    return () => clearTimeout(timer);
  }, [playing, i, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const i = at.current;
      const prevRound = [...rounds].reverse().find((r) => r < i) ?? 0;
      const nextRound = rounds.find((r) => r > i) ?? last;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(i - 1),
        ArrowRight: () => go(i + 1),
        PageUp: () => go(prevRound),
        PageDown: () => go(nextRound),
        Home: () => go(0),
        End: () => go(last),
      };
      const f = moves[e.key];
      if (f) {
        e.preventDefault();
        setPlaying(false);
        f();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rounds, last]);

  const file = p.file;
  const seats = useMemo(() => recordSeats(file), [file]);
  const pos = all[i]!;
  const frame = useMemo<TableFrame>(
    () =>
      recordFrame(p.game, file, seats, pos.view, {
        status: i === last ? 'over' : 'playing',
        // TABLE.rounds: the scored rounds so far, each as the view showed it when it was scored.
        rounds: scoredRounds(all.slice(0, i + 1).map((x) => x.view)),
        seed: i === last ? (file.seed ?? null) : null,
      }),
    [i, file],
  );
  const events = useMemo<LoggedEvent[]>(() => eventsUpTo(all, i), [i, all]);

  return (
    <div class="page table-page replay">
      <div class="replay-bar" role="group" aria-label={t('web.replay.controls')}>
        <h1 class="replay-title">{t('replay.title', { game: p.game, step: pos.step, steps: file.steps.length })}</h1>
        <div class="replay-buttons">
          <button type="button" onClick={() => go(0)} disabled={i === 0} aria-label={t('web.replay.first')}>
            <Icon name="first" />
          </button>
          <button type="button" onClick={() => go(i - 1)} disabled={i === 0} aria-label={t('web.replay.back')}>
            <Icon name="back" />
          </button>
          <button type="button" class="primary" onClick={() => setPlaying(!playing)} aria-label={playing ? t('web.replay.pause') : t('web.replay.play')} aria-pressed={playing}>
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <button type="button" onClick={() => go(i + 1)} disabled={i === last} aria-label={t('web.replay.forward')}>
            <Icon name="forward" />
          </button>
          <button type="button" onClick={() => go(last)} disabled={i === last} aria-label={t('web.replay.last')}>
            <Icon name="last" />
          </button>
        </div>
        <input
          type="range"
          class="replay-slider"
          min={0}
          max={last}
          value={i}
          aria-label={t('web.replay.position')}
          aria-valuetext={t('replay.title', { game: p.game, step: pos.step, steps: file.steps.length })}
          onInput={(e) => {
            setPlaying(false);
            go(Number((e.target as HTMLInputElement).value));
          }}
        />
        <p class="explain replay-keys">{t('web.replay.keys')}</p>
      </div>
      <TableScreen table={frame} events={events} chat={[]} mySeat={null} receivedAt={0} />
    </div>
  );
}

/** The finished rounds up to a step: each view's `last_round` once its `rounds_played` counts it. */
function scoredRounds(views: readonly PublicView[]): LastRound[] {
  const out: LastRound[] = [];
  for (const v of views) if (v.last_round && v.rounds_played > out.length) out.push(v.last_round);
  return out;
}

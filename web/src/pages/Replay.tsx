// /games/ID: step through a finished game, forwards and backwards, from the server's
// `GET /games/ID/replay.json` (every step's events and public view). Each step is drawn by the
// table screen in its read-only mode; keys: Left/Right a step, PageUp/PageDown a round,
// Home/End, Space plays and pauses.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { TableScreen } from '../table/TableScreen';
import type { ReplayFile } from '../protocol/messages';
import type { LoggedEvent, TableFrame } from '../protocol/view';
import { onLinkClick } from '../app/router';

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

/** The index of the first step of each round (a step whose events start a round). */
function roundStarts(file: ReplayFile): number[] {
  const out: number[] = [];
  file.steps.forEach((s, i) => {
    if (s.events.some((e) => e.type === 'round-started')) out.push(i);
  });
  return out;
}

function Viewer(p: { game: string; file: ReplayFile }) {
  const t = useT();
  const steps = p.file.steps;
  const last = Math.max(0, steps.length - 1);
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const rounds = useMemo(() => roundStarts(p.file), [p.file]);
  const go = (n: number) => setI(Math.max(0, Math.min(last, n)));

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
  }, [i, rounds, last]);

  const header = p.file.header;
  const frame = useMemo<TableFrame>(() => {
    const view = steps[i]?.view ?? null;
    return {
      code: p.game.split('-')[0] ?? p.game,
      status: i === last ? 'over' : 'playing',
      game: p.game,
      public: true,
      config: { options: header.options ?? {}, knock_window_ms: 5000, turn_clock_ms: null, grace_ms: 60000, zombie_bot: 'greedy' },
      seats: header.names.map((name) => ({ kind: 'person', name, connected: true, zombie: false })),
      spectators: 0,
      view,
      pending: [],
      round_over: null,
      seed: null,
    } as unknown as TableFrame;
  }, [i, p.file]);
  const events = useMemo<LoggedEvent[]>(() => {
    const out: LoggedEvent[] = [];
    for (let k = 0; k <= i && k < steps.length; k++) for (const event of steps[k]!.events) out.push({ seq: k + 1, event });
    return out;
  }, [i, p.file]);

  return (
    <div class="page table-page replay">
      <div class="replay-bar" role="group" aria-label={t('web.replay.controls')}>
        <h1 class="replay-title">{t('replay.title', { game: p.game, step: i, steps: last })}</h1>
        <div class="replay-buttons">
          <button type="button" onClick={() => go(0)} disabled={i === 0} aria-label={t('web.replay.first')}>
            ⏮
          </button>
          <button type="button" onClick={() => go(i - 1)} disabled={i === 0} aria-label={t('web.replay.back')}>
            ◀
          </button>
          <button type="button" class="primary" onClick={() => setPlaying(!playing)} aria-label={playing ? t('web.replay.pause') : t('web.replay.play')} aria-pressed={playing}>
            {playing ? '⏸' : '▶'}
          </button>
          <button type="button" onClick={() => go(i + 1)} disabled={i === last} aria-label={t('web.replay.forward')}>
            ▶
          </button>
          <button type="button" onClick={() => go(last)} disabled={i === last} aria-label={t('web.replay.last')}>
            ⏭
          </button>
        </div>
        <input
          type="range"
          class="replay-slider"
          min={0}
          max={last}
          value={i}
          aria-label={t('web.replay.position')}
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

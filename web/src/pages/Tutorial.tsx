// /tutorial: the first game that teaches. Five short lessons from `GET /tutorial.json` (the
// server replayed the script through the engine: every view and event is the engine's). The
// table screen draws each step; the other players' scripted moves play by themselves, and at
// the learner's turn the coach says what to do and why while the table offers exactly the
// scripted move (TableScreen shows only `pending[].legal`). `?pace=MS` sets the time between
// the others' moves (the tests play at 0, also by localStorage `allegra.tutorial.pace`).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { TableScreen } from '../table/TableScreen';
import { TutorialCoach } from '../table/TutorialCoach';
import type { TutorialFile } from '../protocol/tutorial';
import type { LastRound, PublicView, TableFrame } from '../protocol/view';
import { onLinkClick } from '../app/router';
import { storage } from '../net/storage';
import { afterAct, afterScripted, coachAt, eventsAt, lessonAt, pendingAt, viewAt, type Progress } from './tutorialSteps';
import { markTutorialSeen } from './TutorialOffer';
import './tutorial.css';

type Load = { state: 'loading' } | { state: 'failed'; why: string } | { state: 'ok'; file: TutorialFile };

const DEFAULT_PACE_MS = 900;

/** `?pace=MS`, or localStorage `allegra.tutorial.pace` (the tests), else the default. */
function paceMs(): number {
  let text = new URLSearchParams(location.search).get('pace');
  try {
    text ??= localStorage.getItem('allegra.tutorial.pace');
  } catch {
    /* storage disabled */
  }
  const v = text === null || text === '' ? NaN : Number(text);
  return Number.isFinite(v) && v >= 0 && v <= 5000 ? v : DEFAULT_PACE_MS;
}

export function Tutorial() {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    markTutorialSeen();
    let live = true;
    fetch('/tutorial.json')
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const file = (await r.json()) as TutorialFile;
        if (live) setLoad({ state: 'ok', file });
      })
      .catch((e: Error) => live && setLoad({ state: 'failed', why: e.message }));
    return () => {
      live = false;
    };
  }, []);
  if (load.state === 'loading') return <p class="page narrow muted">{t('web.tutorial.loading')}</p>;
  if (load.state === 'failed')
    return (
      <div class="page narrow">
        <h1>{t('web.tutorial.title')}</h1>
        <p role="alert">{t('web.tutorial.failed', { why: load.why })}</p>
        <a href="/" onClick={(e) => onLinkClick(e, '/')}>
          {t('web.app.home')}
        </a>
      </div>
    );
  return <Lessons file={load.file} />;
}

function Lessons(p: { file: TutorialFile }) {
  const t = useT();
  const { file } = p;
  const [at, setAt] = useState<Progress>({ lesson: 0, done: 0 });
  const pace = useMemo(paceMs, []);
  const lesson = lessonAt(file, at);
  const coach = coachAt(file, at);
  const view = viewAt(lesson, at.done);

  // The other players' scripted moves, one after the other.
  useEffect(() => {
    if (coach.kind !== 'watch') return;
    const timer = setTimeout(() => setAt((x) => afterScripted(file, x)), pace);
    return () => clearTimeout(timer);
  }, [at, coach.kind]);

  // The learner's stored name, else "Player 1" (a name: the table words "in {name}’s hand").
  const you = storage.name() || t('name.player', { number: file.learner + 1 });
  const frame = useMemo<TableFrame>(
    () => ({
      code: 'LEARN2',
      status: view.phase === 'game-over' ? 'over' : 'playing',
      game: null,
      public: false,
      rating_changes: null,
      config: { options: file.options, knock_window_ms: 5000, turn_clock_ms: null, grace_ms: 60000, zombie_bot: 'greedy', hints: false },
      seats: file.names.map((n, i) => (i === file.learner || n === null ? { kind: 'person' as const, name: you, connected: true, zombie: false } : { kind: 'bot' as const, name: n, level: 'greedy' })),
      spectators: 0,
      view,
      pending: pendingAt(file, at),
      round_over: null,
      rounds: scored(view),
      seed: null,
    }),
    [at, file, you],
  );
  const events = useMemo(() => eventsAt(lesson, at.done), [at, lesson]);
  const act = (action: string) => setAt((x) => afterAct(file, x, action));
  const nextLesson = () => setAt((x) => ({ lesson: x.lesson + 1, done: 0 }));

  return (
    <div class="page table-page tutorial-page">
      <TutorialCoach t={t} file={file} at={at} coach={coach} onNextLesson={nextLesson} />
      <TableScreen key={at.lesson} table={frame} events={events} chat={[]} mySeat={file.learner} act={act} receivedAt={0} />
    </div>
  );
}

function scored(view: PublicView): LastRound[] {
  return view.last_round && view.rounds_played > 0 ? [view.last_round] : [];
}

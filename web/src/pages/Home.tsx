// The start page: the player's name, a new table (seats, rule options, table settings, each
// with a one-line explanation), joining by code, and the list of open tables.
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { session, useSession } from '../net/session';
import { storage, validName } from '../net/storage';
import { isTableCode, navigate, onLinkClick } from '../app/router';
import { BOT_LEVELS, levelKey } from './levels';
import type { RuleOptions, SeatSpec, TableSummary } from '../protocol/messages';
import { NameField } from './NameField';
import { TutorialOffer } from './TutorialOffer';

export function Home() {
  const t = useT();
  useSession();
  useEffect(() => session.connect(), []);
  const [name, setName] = useState(storage.name());
  return (
    <div class="page home">
      <section class="hero">
        <h1>ALLEGRA</h1>
        <p class="tagline">{t('web.home.tagline')}</p>
        <p class="hero-links">
          <a href="/rules" onClick={(e) => onLinkClick(e, '/rules')}>
            {t('web.home.how_to_play')}
          </a>{' '}
          <TutorialOffer />
        </p>
      </section>
      <div class="home-grid">
        <section class="panel you" aria-labelledby="you-h">
          <h2 id="you-h">{t('web.home.you')}</h2>
          {/* In the create form (the `form` attribute): Enter in the name starts. */}
          <NameField value={name} onInput={setName} form="create-form" />
        </section>
        <CreateTable name={name} />
        <section class="panel" aria-labelledby="join-h">
          <h2 id="join-h">{t('web.home.join_title')}</h2>
          <JoinByCode />
          <OpenTables />
        </section>
      </div>
    </div>
  );
}

interface Form {
  players: number;
  seats: SeatSpec[];
  rounds: number;
  pointLimit: number;
  knocking: boolean;
  optionalClearing: boolean;
  discardDraw: boolean;
  smallDeck: boolean;
  knockWindow: number;
  turnClock: number;
  hints: boolean;
  /** null: automatic, public only when there is somebody to invite (a game against bots is private). */
  isPublic: boolean | null;
  /** A rated table (docs/ratings.md): every seat a person, the standard rules, no hints. */
  rated: boolean;
}

const initialForm: Form = {
  players: 4,
  seats: ['person', 'bot:medium', 'bot:medium', 'bot:medium', 'bot:medium', 'bot:medium'],
  rounds: 3,
  pointLimit: 0,
  knocking: true,
  optionalClearing: false,
  discardDraw: false,
  smallDeck: true,
  knockWindow: 5,
  turnClock: 0,
  hints: false,
  isPublic: null,
  rated: false,
};

function CreateTable(props: { name: string }) {
  const t = useT();
  const [f, setF] = useState<Form>(initialForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((old) => ({ ...old, [k]: v }));

  async function submit(e: Event) {
    e.preventDefault();
    if (!validName(props.name)) {
      setError(t('web.home.name_needed'));
      document.getElementById('player-name')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    if (f.rated) return createRated();
    const options: RuleOptions = { players: f.players, rounds: f.rounds };
    if (f.pointLimit > 0) options.point_limit = f.pointLimit;
    if (!f.knocking) options.knocking = false;
    if (f.optionalClearing) options.optional_clearing = true;
    if (f.discardDraw) options.discard_draw_may_discard = true;
    if (!f.smallDeck) options.small_game_removal = 0;
    const seats = f.seats.slice(0, f.players).map((s, i) => (i === 0 ? 'person' : s));
    const onlyBots = seats.slice(1).every((s) => s !== 'person');
    try {
      const code = await session.create({
        options,
        seats,
        public: f.isPublic ?? !onlyBots,
        knock_window_s: f.knockWindow,
        turn_clock_s: f.turnClock > 0 ? f.turnClock : null,
        ...(f.hints ? { hints: true } : {}),
      });
      await session.sit(0, props.name.trim());
      // Against bots only there is nobody to wait for: deal at once.
      if (onlyBots) await session.start();
      navigate(`/t/${code}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // A rated table: people in every seat and the standard rules, which the server checks (the
  // form sends only `players`); public, so that others find it; the creator starts it when full.
  async function createRated() {
    try {
      const code = await session.create({
        options: { players: f.players },
        seats: Array<SeatSpec>(f.players).fill('person'),
        rated: true,
        public: f.isPublic ?? true,
        knock_window_s: f.knockWindow,
        turn_clock_s: f.turnClock > 0 ? f.turnClock : null,
      });
      await session.sit(0, props.name.trim());
      navigate(`/t/${code}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const onlyBots = !f.rated && f.seats.slice(1, f.players).every((s) => s !== 'person');
  return (
    <form id="create-form" class="panel create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">{t('web.home.create_title')}</h2>
      <fieldset class="players">
        <legend>{t('web.home.players')}</legend>
        <div class="segmented">
          {[2, 3, 4, 5, 6].map((n) => (
            <label key={n} class={f.players === n ? 'on' : ''}>
              <input type="radio" name="players" value={n} checked={f.players === n} onChange={() => set('players', n)} />
              {n}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset hidden={f.rated}>
        <legend>{t('web.home.seats')}</legend>
        <ol class="seat-list">
          <li>
            <span class="seat-no">1</span>
            <span>{t('web.home.seat_you')}</span>
          </li>
          {f.seats.slice(1, f.players).map((s, i) => (
            <li key={i + 1}>
              <span class="seat-no">{i + 2}</span>
              <select
                aria-label={t('web.home.seat_label', { seat: i + 2 })}
                value={s}
                onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value as SeatSpec;
                  setF((old) => ({ ...old, seats: old.seats.map((x, j) => (j === i + 1 ? v : x)) }));
                }}
              >
                <option value="person">{t('web.home.seat_person')}</option>
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={`bot:${l}`}>
                    {t('web.app.bot_level', { level: t(levelKey(l)) })}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ol>
        <p class="explain">{t('web.home.seats_explain')}</p>
      </fieldset>
      <details class="options" hidden={f.rated}>
        <summary>{t('web.home.rule_options')}</summary>
        <NumberOption id="opt-rounds" label={t('web.home.rounds')} explain={t('web.home.rounds_explain')} min={0} max={20} value={f.rounds} onChange={(v) => set('rounds', v)} />
        <NumberOption id="opt-limit" label={t('web.home.point_limit')} explain={t('web.home.point_limit_explain')} min={0} max={1000} value={f.pointLimit} onChange={(v) => set('pointLimit', v)} />
        <Check id="opt-knock" label={t('web.home.knocking')} explain={t('web.home.knocking_explain')} value={f.knocking} onChange={(v) => set('knocking', v)} />
        <Check id="opt-clear" label={t('web.home.optional_clearing')} explain={t('web.home.optional_clearing_explain')} value={f.optionalClearing} onChange={(v) => set('optionalClearing', v)} />
        <Check id="opt-dd" label={t('web.home.discard_draw')} explain={t('web.home.discard_draw_explain')} value={f.discardDraw} onChange={(v) => set('discardDraw', v)} />
        <Check id="opt-deck" label={t('web.home.small_deck')} explain={t('web.home.small_deck_explain')} value={f.smallDeck} onChange={(v) => set('smallDeck', v)} />
      </details>
      <details class="options">
        <summary>{t('web.home.table_options')}</summary>
        {/* Here, not at the top of the form: the start button stays above the fold (expect.spec). */}
        <Check id="opt-rated" label={t('web.home.rated')} explain={`${t('web.lobby.rated')} ${t('web.lobby.rated_leave')}`} value={f.rated} onChange={(v) => set('rated', v)} />
        <NumberOption id="opt-window" label={t('web.home.knock_window')} explain={t('web.home.knock_window_explain')} min={1} max={60} value={f.knockWindow} onChange={(v) => set('knockWindow', v)} />
        <NumberOption id="opt-clock" label={t('web.home.turn_clock')} explain={t('web.home.turn_clock_explain')} min={0} max={3600} value={f.turnClock} onChange={(v) => set('turnClock', v)} />
        {!f.rated && <Check id="opt-hints" label={t('web.home.hints')} explain={t('web.home.hints_explain')} value={f.hints} onChange={(v) => set('hints', v)} />}
        <Check id="opt-public" label={t('web.home.public')} explain={t('web.home.public_explain')} value={f.isPublic ?? !onlyBots} onChange={(v) => set('isPublic', v)} />
      </details>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary big" disabled={busy}>
        {onlyBots ? t('web.home.play_bots') : t('web.home.create')}
      </button>
    </form>
  );
}

function NumberOption(p: { id: string; label: string; explain: string; min: number; max: number; value: number; onChange: (v: number) => void }) {
  return (
    <div class="option">
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="number"
        inputMode="numeric"
        min={p.min}
        max={p.max}
        value={p.value}
        aria-describedby={`${p.id}-x`}
        onInput={(e) => {
          const v = Math.round(Number((e.target as HTMLInputElement).value));
          if (Number.isFinite(v)) p.onChange(Math.min(p.max, Math.max(p.min, v)));
        }}
      />
      <p class="explain" id={`${p.id}-x`}>
        {p.explain}
      </p>
    </div>
  );
}

function Check(p: { id: string; label: string; explain: string; value: boolean; onChange: (v: boolean) => void }) {
  return (
    <div class="option check">
      <input id={p.id} type="checkbox" checked={p.value} aria-describedby={`${p.id}-x`} onChange={(e) => p.onChange((e.target as HTMLInputElement).checked)} />
      <label for={p.id}>{p.label}</label>
      <p class="explain" id={`${p.id}-x`}>
        {p.explain}
      </p>
    </div>
  );
}

function JoinByCode() {
  const t = useT();
  const [code, setCode] = useState('');
  const ok = isTableCode(code);
  return (
    <form
      class="join-code"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) navigate(`/t/${code.trim().toUpperCase()}`);
      }}
    >
      <label for="join-code">{t('web.home.code')}</label>
      <div class="row">
        <input
          id="join-code"
          value={code}
          maxLength={6}
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          placeholder="K7QX2M"
          onInput={(e) => setCode((e.target as HTMLInputElement).value.toUpperCase())}
        />
        <button type="submit" disabled={!ok}>
          {t('web.home.join')}
        </button>
      </div>
    </form>
  );
}

function OpenTables() {
  const t = useT();
  const s = useSession();
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      if (s.status !== 'open') return;
      s.list().then(
        (ts) => live && setTables(ts),
        () => {},
      );
    };
    load();
    const timer = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [s.status]);
  return (
    <div class="open-tables">
      <h3>{t('web.home.open_tables')}</h3>
      {tables === null ? (
        <p class="muted">{t('web.app.connecting')}</p>
      ) : tables.length === 0 ? (
        <p class="muted">{t('web.home.no_tables')}</p>
      ) : (
        <ul>
          {tables.map((tb) => (
            <li key={tb.code}>
              <a href={`/t/${tb.code}`} onClick={(e) => onLinkClick(e, `/t/${tb.code}`)}>
                <span class="code">{tb.code}</span>
                <span class="names">{tb.seats.map((x) => (x.kind === 'open' ? '·' : x.name ?? '')).join(', ')}</span>
                {tb.rated && <span class="rated-tag">{t('web.home.rated_tag')}</span>}
                <span class="status">
                  {tb.status === 'lobby' ? t('web.home.status_lobby', { open: tb.open_seats }) : tb.status === 'playing' ? t('web.home.status_playing') : t('web.home.status_over')}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

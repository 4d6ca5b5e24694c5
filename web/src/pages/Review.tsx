// /games/ID/review: the game review (docs/review.md) in the browser. The server computes it
// (`POST /api/games/ID/review`, then `GET` answers 202 with the progress until it is stored, then
// 200 with the review JSON of docs/review-format.md); the page shows the replay viewer's table
// before each reviewed decision with the best choice drawn as the hint draws a suggestion and the
// choice made outlined, the decision's label, both choices in words and every choice's value, a
// graph of each player's expected score over the game, and the three costliest decisions of each
// player. Everything comes from the review and the replay file: no rule here.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLang, useT } from '../i18n/context';
import { TableScreen } from '../table/TableScreen';
import type { ReplayFile } from '../protocol/messages';
import type { LoggedEvent, TableFrame } from '../protocol/view';
import type { Decision, Review as ReviewData } from '../protocol/generated/review';
import { onLinkClick } from '../app/router';
import { actionLabel, type Translate, type Voices } from '../text/narrator';
import { hintReasonText } from '../text/hint';
import { Icon } from './Icons';
import { eventsUpTo, positions, recordFrame, recordSeats, type Position } from './Replay';
import { ReviewGraph } from './ReviewGraph';
import './review.css';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; why: string }
  | { state: 'limited'; minutes: number }
  | { state: 'busy' }
  | { state: 'computing'; status: string; progress: number }
  | { state: 'ok'; file: ReplayFile; review: ReviewData };

const POLL_MS = 1000;

/** Asks the server for the review (it starts it if nobody has), then polls while it is computed. */
function useReview(game: string): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let file: ReplayFile | null = null;
    let asked = 0;
    const url = `/api/games/${encodeURIComponent(game)}/review`;
    const later = (ms: number) => {
      timer = setTimeout(() => void step('GET'), ms);
    };
    const step = async (method: 'GET' | 'POST') => {
      try {
        const r = await fetch(url, { method, credentials: 'same-origin' });
        if (!live) return;
        const body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
        if (!live) return;
        if (r.status === 200) {
          if (!file) {
            const f = await fetch(`/games/${encodeURIComponent(game)}/replay.json`);
            if (!f.ok) return setLoad({ state: f.status === 404 ? 'missing' : 'failed', why: `HTTP ${f.status}` });
            file = (await f.json()) as ReplayFile;
          }
          if (live) setLoad({ state: 'ok', file, review: body as unknown as ReviewData });
          return;
        }
        if (r.status === 202) {
          setLoad({ state: 'computing', status: String(body.status ?? 'queued'), progress: Number(body.progress ?? 0) });
          return later(POLL_MS);
        }
        if (r.status === 404 && body.error === 'no_review' && asked < 3) {
          // Nobody asked yet, or a restart of the server dropped the review under way: ask.
          asked += 1;
          return void step('POST');
        }
        if (r.status === 404) return setLoad({ state: 'missing' });
        if (r.status === 429) return setLoad({ state: 'limited', minutes: Math.max(1, Math.ceil(Number(body.retry_after_s ?? 60) / 60)) });
        if (r.status === 503) {
          setLoad({ state: 'busy' });
          return later(5000);
        }
        setLoad({ state: 'failed', why: String(body.message ?? `HTTP ${r.status}`) });
      } catch (e) {
        if (live) setLoad({ state: 'failed', why: (e as Error).message });
      }
    };
    // A POST answers as the GET would, and starts the review if nobody has (a stored one is free).
    void step('POST');
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [game]);
  return load;
}

export function Review(p: { game: string }) {
  const t = useT();
  const load = useReview(p.game);
  if (load.state === 'ok') return <ReviewViewer game={p.game} file={load.file} review={load.review} />;
  let body;
  if (load.state === 'loading') body = <p class="muted">{t('web.replay.loading')}</p>;
  else if (load.state === 'computing')
    body = (
      <div class="review-progress" role="status">
        <p>{load.status === 'queued' ? t('web.review.queued') : t('web.review.computing', { percent: Math.round(load.progress * 100) })}</p>
        <progress max={1} value={load.progress} aria-label={t('web.review.progress')} />
      </div>
    );
  else if (load.state === 'missing') body = <p role="alert">{t('web.replay.missing', { game: p.game })}</p>;
  else if (load.state === 'limited') body = <p role="alert">{t('web.review.limited', { minutes: load.minutes })}</p>;
  else if (load.state === 'busy') body = <p role="status">{t('web.review.busy')}</p>;
  else body = <p role="alert">{t('web.review.failed', { why: load.why })}</p>;
  return (
    <div class="page narrow review-wait">
      <h1>{t('web.review.heading', { game: p.game })}</h1>
      {body}
      <a href={`/games/${p.game}`} onClick={(e) => onLinkClick(e, `/games/${p.game}`)}>
        {t('web.app.replay_link')}
      </a>
    </div>
  );
}

/** The position before decision `index` of the record: the last position whose step is `index`. */
function positionBefore(all: Position[], index: number): number {
  let at = 0;
  for (let k = 0; k < all.length; k++) if (all[k]!.step <= index) at = k;
  return at;
}

/** A review's reason is the hint's (docs/review-format.md): worded by the same function. */
const reasonText = (t: Translate, r: Decision['best_reason']) => hintReasonText(t, r as Parameters<typeof hintReasonText>[1]);

const BAD = new Set(['mistake', 'blunder']);

function ReviewViewer(p: { game: string; file: ReplayFile; review: ReviewData }) {
  const t = useT();
  const { lang } = useLang();
  const { file, review } = p;
  const all = useMemo(() => positions(file), [file]);
  const names = useMemo(() => file.players.map((x, i) => x.name || t('name.player', { number: i + 1 })), [file, t]);
  // Whose decisions are stepped through: everyone's (null) or one player's, seen from his seat.
  const firstPerson = file.players.findIndex((x) => !x.bot);
  const [who, setWho] = useState<number | null>(null);
  const shown = useMemo(() => review.decisions.map((d, k) => ({ d, k })).filter((x) => who === null || x.d.player === who), [review, who]);
  const [at, setAt] = useState(0);
  const cur = shown[Math.min(at, shown.length - 1)];
  const atRef = useRef(0);
  atRef.current = at;
  const go = (n: number) => setAt(Math.max(0, Math.min(shown.length - 1, n)));
  const jumpTo = (k: number) => {
    const d = review.decisions[k];
    if (!d) return;
    const list = who === null || d.player === who ? shown : review.decisions.map((x, j) => ({ d: x, k: j }));
    if (list !== shown) setWho(null);
    setAt(Math.max(0, list.findIndex((x) => x.k === k)));
    document.getElementById('review-table')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const nextBad = (dir: 1 | -1) => {
    for (let n = atRef.current + dir; n >= 0 && n < shown.length; n += dir) if (BAD.has(shown[n]!.d.label)) return go(n);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(atRef.current - 1),
        ArrowRight: () => go(atRef.current + 1),
        Home: () => go(0),
        End: () => go(shown.length - 1),
        n: () => nextBad(1),
        p: () => nextBad(-1),
      };
      const f = moves[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);

  const d = cur?.d;
  const posIndex = d ? positionBefore(all, d.index) : 0;
  const pos = all[posIndex]!;
  const seats = useMemo(() => recordSeats(file), [file]);
  const frame = useMemo<TableFrame>(
    () => recordFrame(p.game, file, seats, pos.view, { status: 'playing', rounds: [], seed: null }),
    [pos, file, seats],
  );
  const events = useMemo<LoggedEvent[]>(() => eventsUpTo(all, posIndex), [posIndex, all]);
  const voices: Voices = useMemo(() => ({ names, you: null }), [names]);
  const num = (v: number, digits = 1) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(v);
  const move = (a: string, decider: number) => actionLabel(t, voices, pos.view, a, decider);
  // The seat at the bottom stays put while stepping: the chosen player's, else the first person's.
  const bottom = who ?? Math.max(0, firstPerson);

  return (
    <div class="page review">
      <div class="review-head">
        <h1>{t('web.review.heading', { game: p.game })}</h1>
        <a href={`/games/${p.game}`} onClick={(e) => onLinkClick(e, `/games/${p.game}`)}>
          {t('web.app.replay_link')}
        </a>
      </div>
      {review.decisions.length === 0 ? (
        <p>{t('review.none')}</p>
      ) : (
        <>
          <div class="review-bar" role="group" aria-label={t('web.review.controls')}>
            <label class="review-who">
              <span>{t('review.col.player')}</span>
              <select
                value={who === null ? 'all' : String(who)}
                onChange={(e) => {
                  const v = (e.currentTarget as HTMLSelectElement).value;
                  setWho(v === 'all' ? null : Number(v));
                  setAt(0);
                }}
              >
                <option value="all">{t('web.review.everyone')}</option>
                {review.reviewed.map((s) => (
                  <option key={s} value={String(s)}>
                    {names[s]}
                  </option>
                ))}
              </select>
            </label>
            <div class="replay-buttons">
              <button type="button" onClick={() => nextBad(-1)} aria-label={t('web.review.prev_mistake')} aria-keyshortcuts="p">
                <Icon name="first" />
              </button>
              <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label={t('web.replay.back')} aria-keyshortcuts="ArrowLeft">
                <Icon name="back" />
              </button>
              <button type="button" onClick={() => go(at + 1)} disabled={at >= shown.length - 1} aria-label={t('web.replay.forward')} aria-keyshortcuts="ArrowRight">
                <Icon name="forward" />
              </button>
              <button type="button" onClick={() => nextBad(1)} aria-label={t('web.review.next_mistake')} aria-keyshortcuts="n">
                <Icon name="last" />
              </button>
            </div>
            <input
              type="range"
              class="replay-slider"
              min={0}
              max={Math.max(0, shown.length - 1)}
              value={at}
              aria-label={t('web.review.position')}
              onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
            />
          </div>
          {d && (
            <section class={`review-decision label-${d.label}`} aria-live="polite">
              <p class="review-verdict">
                <span class={`review-label label-${d.label}`}>{t(`review.label.${d.label}`)}</span>{' '}
                {t('review.decision', { decision: d.index + 1, round: d.round + 1, player: names[d.player] ?? '', label: t(`review.label.${d.label}`), lost: Math.round(d.loss * 10) / 10 })}
              </p>
              <dl class="review-choices">
                <dt>{t('review.col.made')}</dt>
                <dd>
                  <span class="review-move chosen-move">{move(d.chosen, d.player)}</span> <span class="muted">{reasonText(t, d.chosen_reason)}</span>
                </dd>
                {d.chosen_rank !== 0 && (
                  <>
                    <dt>{t('review.col.best')}</dt>
                    <dd>
                      <span class="review-move best-move">{move(d.best, d.player)}</span> <span class="muted">{reasonText(t, d.best_reason)}</span>
                    </dd>
                  </>
                )}
              </dl>
            </section>
          )}
          <div id="review-table" class="review-table table-page">
            <TableScreen table={frame} events={events} chat={[]} mySeat={null} receivedAt={0} review={d ? { best: d.best, chosen: d.chosen } : null} bottomSeat={bottom} />
          </div>
          {d && <ChoiceList t={t} d={d} num={num} move={(a) => move(a, d.player)} />}
          <ReviewGraph t={t} review={review} names={names} steps={file.steps.length} positions={all} current={d?.index ?? null} onPick={jumpTo} />
          <Summaries t={t} review={review} names={names} num={num} onPick={jumpTo} />
        </>
      )}
    </div>
  );
}

function ChoiceList(p: { t: Translate; d: Decision; num: (v: number, digits?: number) => string; move: (a: string) => string }) {
  const { t, d } = p;
  return (
    <details class="review-all">
      <summary>{t('web.review.choices', { count: d.choices.length })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('web.review.choice')}</th>
            <th scope="col">{t('web.review.expected')}</th>
            <th scope="col">{t('review.col.lost')}</th>
          </tr>
        </thead>
        <tbody>
          {d.choices.map((c, i) => (
            <tr key={c.action} class={`${i === 0 ? 'best' : ''}${c.action === d.chosen ? ' made' : ''}`}>
              <th scope="row">{p.move(c.action)}</th>
              <td class="num">
                {p.num(c.expected)} ± {p.num(c.std_error)}
              </td>
              <td class="num">{p.num(c.loss)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Summaries(p: { t: Translate; review: ReviewData; names: string[]; num: (v: number, digits?: number) => string; onPick: (k: number) => void }) {
  const { t, review, names } = p;
  return (
    <section class="review-summaries">
      <h2>{t('web.review.players')}</h2>
      <table class="review-summary">
        <thead>
          <tr>
            <th scope="col">{t('review.col.player')}</th>
            <th scope="col">{t('web.review.accuracy')}</th>
            <th scope="col">{t('web.review.lost_round')}</th>
            <th scope="col">{t('web.review.luck')}</th>
          </tr>
        </thead>
        <tbody>
          {review.summaries.map((s) => (
            <tr key={s.player}>
              <th scope="row">{names[s.player]}</th>
              <td class="num">{p.num(s.accuracy, 0)} %</td>
              <td class="num">{p.num(s.lost_per_round)}</td>
              <td class="num">{p.num(s.luck)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('web.review.costliest')}</h2>
      {review.summaries.map((s) => (
        <div key={s.player} class="review-costliest">
          <h3>{names[s.player]}</h3>
          {s.costliest.length === 0 ? (
            <p class="muted">{t('web.review.no_costly')}</p>
          ) : (
            <ol>
              {s.costliest.map((k) => {
                const d = review.decisions[k];
                if (!d) return null;
                return (
                  <li key={k}>
                    <button type="button" class="link review-jump" onClick={() => p.onPick(k)}>
                      <span class={`review-label label-${d.label}`}>{t(`review.label.${d.label}`)}</span> {t('web.review.costly', { decision: d.index + 1, round: d.round + 1, lost: Math.round(d.loss * 10) / 10 })}
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}

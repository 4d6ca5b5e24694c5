// /players/ID: a player's profile (anyone may open it by its link): the name, the display rating
// with its history, the games, wins, average and best round, favourite opponents and the rating
// per player count; then his games, newest first, paged by `next_before`, each with its replay,
// record, review and (on one's own page) "play again with the same people".
import { useEffect, useState } from 'preact/hooks';
import { useT, useLang } from '../i18n/context';
import { navigate, onLinkClick } from '../app/router';
import { points } from '../pages/format';
import { api, ApiFailure } from './api';
import type { HistoryGame, Profile } from './apiTypes';
import { useMe } from './me';
import { playerName, PlayerLink, Rating, signed } from './names';
import { failureText } from './errors';
import { RatingChart } from './RatingChart';
import { againFromReplay, playAgain } from './playAgain';
import { session } from '../net/session';
import './players.css';

type T = ReturnType<typeof useT>;

export function PlayerPage(props: { id: number }) {
  const t = useT();
  // The socket, for an invitation to play again while this page is open.
  useEffect(() => session.connect(), []);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    setProfile(null);
    setFailure(null);
    api.profile(props.id).then(setProfile, (e: ApiFailure) => setFailure(e));
  }, [props.id]);
  const name = profile ? playerName(t, profile.player) : '';
  useEffect(() => {
    document.title = `${name || t('web.players.profile')} · ALLEGRA`;
    return () => {
      document.title = 'ALLEGRA';
    };
  }, [name, t]);
  if (failure)
    return (
      <div class="page narrow">
        <h1>{t('web.players.profile')}</h1>
        <p role="alert">{failure.status === 404 ? t('web.players.no_such_player', { id: props.id }) : failureText(t, failure)}</p>
      </div>
    );
  if (!profile)
    return (
      <div class="page narrow">
        <p class="muted" role="status">
          {t('web.app.connecting')}
        </p>
      </div>
    );
  return (
    <div class="page player-page">
      <ProfileHead t={t} profile={profile} />
      <GameList id={props.id} />
    </div>
  );
}

function ProfileHead(props: { t: T; profile: Profile }) {
  const { t, profile } = props;
  const { lang } = useLang();
  const p = profile.player;
  const s = profile.stats;
  const [copied, setCopied] = useState(false);
  const share = () => {
    void navigator.clipboard?.writeText(location.href).then(() => setCopied(true), () => {});
  };
  return (
    <section class="profile-head" aria-labelledby="profile-h">
      <div class="profile-title">
        <h1 id="profile-h">{playerName(t, p)}</h1>
        <p class="big-rating">
          <span class="label">{t('web.players.rating')}</span> <Rating t={t} display={p.rating.display} provisional={p.rating.provisional} long />
        </p>
        <button type="button" class="link share" onClick={share}>
          {copied ? t('web.players.link_copied') : t('web.players.share')}
        </button>
      </div>
      <dl class="stats">
        <div>
          <dt>{t('web.players.games')}</dt>
          <dd>{s.games}</dd>
        </div>
        <div>
          <dt>{t('web.players.wins')}</dt>
          <dd>{s.wins}</dd>
        </div>
        <div>
          <dt>{t('web.players.average_round')}</dt>
          <dd>{s.average_round_half === null || s.rounds === 0 ? '–' : points(s.average_round_half, lang)}</dd>
        </div>
        <div>
          <dt>{t('web.players.best_round')}</dt>
          <dd>{s.best_round_half === null || s.rounds === 0 ? '–' : points(s.best_round_half, lang)}</dd>
        </div>
      </dl>
      <div class="profile-more">
        <section aria-labelledby="chart-h">
          <h2 id="chart-h">{t('web.players.history_title')}</h2>
          <RatingChart t={t} history={profile.rating_history} />
        </section>
        {profile.count_ratings.length > 0 && (
          <section aria-labelledby="counts-h">
            <h2 id="counts-h">{t('web.players.by_count')}</h2>
            <table class="counts">
              <thead>
                <tr>
                  <th scope="col">{t('web.players.players_col')}</th>
                  <th scope="col">{t('web.players.rating')}</th>
                  <th scope="col">{t('web.players.rated_games')}</th>
                </tr>
              </thead>
              <tbody>
                {profile.count_ratings.map((c) => (
                  <tr key={c.players}>
                    <th scope="row">{c.players}</th>
                    <td class="num">
                      <Rating t={t} display={c.display} provisional={c.provisional} />
                    </td>
                    <td class="num">{c.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {profile.favourite_opponents.length > 0 && (
          <section aria-labelledby="fav-h">
            <h2 id="fav-h">{t('web.players.favourites')}</h2>
            <ul class="favourites">
              {profile.favourite_opponents.map((f) => (
                <li key={f.player.id}>
                  <PlayerLink t={t} player={f.player} /> <span class="muted">{t('web.players.games_together', { count: f.games })}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </section>
  );
}

function GameList(props: { id: number }) {
  const t = useT();
  const [games, setGames] = useState<HistoryGame[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const load = (before: number | null) => {
    setFailure(null);
    api.games(props.id, before).then(
      (h) => {
        setGames((old) => (before === null ? h.games : [...old, ...h.games]));
        setNext(h.next_before);
        setLoaded(true);
      },
      (e: ApiFailure) => setFailure(e),
    );
  };
  useEffect(() => {
    setGames([]);
    setLoaded(false);
    load(null);
  }, [props.id]);
  return (
    <section class="history" aria-labelledby="games-h">
      <h2 id="games-h">{t('web.players.games_title')}</h2>
      {failure && <p role="alert">{failureText(t, failure)}</p>}
      {loaded && games.length === 0 && <p class="muted">{t('web.players.no_games')}</p>}
      <ol class="game-list">
        {games.map((g) => (
          <GameItem key={g.id} g={g} owner={props.id} />
        ))}
      </ol>
      {next !== null && (
        <button type="button" class="more" onClick={() => load(next)}>
          {t('web.players.more_games')}
        </button>
      )}
    </section>
  );
}

function GameItem(props: { g: HistoryGame; owner: number }) {
  const t = useT();
  const { lang } = useLang();
  const m = useMe();
  const g = props.g;
  const [problem, setProblem] = useState<string | null>(null);
  const mine = m.player?.id === props.owner;
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(g.finished_ms));
  const again = async () => {
    setProblem(null);
    try {
      const people = new Map<number, number>();
      for (const o of g.opponents) if (o.player && !o.bot) people.set(o.seat, o.player.id);
      const game = await againFromReplay(g.id, g.rated, people);
      const code = await playAgain(game, m.player?.id ?? null, m.player?.name ?? '');
      navigate(`/t/${code}`);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const replay = `/games/${g.id}`;
  const review = `/games/${g.id}/review`;
  return (
    <li class={`game-item${g.place === 1 ? ' won' : ''}`}>
      <div class="game-main">
        <span class="place">{t('web.players.place', { place: g.place, players: g.players })}</span>
        <span class="total">{t('web.players.total', { total: points(g.total_half, lang) })}</span>
        {g.rating && (
          <span class={`change ${g.rating.after >= g.rating.before ? 'up' : 'down'}`}>
            {t('web.players.rating_change', { change: signed(g.rating.after - g.rating.before, lang) })}
          </span>
        )}
        <span class="muted when">
          {when}
          {g.rated ? ` · ${t('web.players.rated')}` : ''}
        </span>
      </div>
      <p class="with">
        {t('web.players.with')}{' '}
        {g.opponents.map((o, i) => (
          <span key={o.seat}>
            {i > 0 && ', '}
            {o.player ? <PlayerLink t={t} player={o.player} /> : <span class={o.bot ? 'bot-name' : ''}>{o.name}</span>}
          </span>
        ))}
      </p>
      <div class="game-actions">
        <a class="button" href={replay} onClick={(e) => onLinkClick(e, replay)}>
          {t('web.players.replay')}
        </a>
        <a class="button" href={`/games/${g.id}.jsonl`} download>
          {t('web.players.download')}
        </a>
        <a class="button" href={review} onClick={(e) => onLinkClick(e, review)}>
          {t('web.players.review')}
        </a>
        {mine && (
          <button type="button" class="primary" onClick={() => void again()}>
            {t('web.players.play_again')}
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" class="said bad">
          {t('web.app.refused', { message: problem })}
        </p>
      )}
    </li>
  );
}

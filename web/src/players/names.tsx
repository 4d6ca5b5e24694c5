// How a player is named and linked on every page: his user name, else "Guest 12" or "deleted
// player" (the server sends null for both and says which), linking to his profile.
import { onLinkClick } from '../app/router';
import type { PlayerSummary } from './apiTypes';

type T = (key: string, args?: Record<string, string | number>) => string;

export function playerName(t: T, p: { id: number; name: string | null; deleted?: boolean }): string {
  if (p.name) return p.name;
  return p.deleted ? t('web.players.deleted') : t('web.players.guest', { id: String(p.id) });
}

export function profilePath(id: number): string {
  return `/players/${id}`;
}

export function PlayerLink(props: { t: T; player: PlayerSummary }) {
  const path = profilePath(props.player.id);
  return (
    <a href={path} onClick={(e) => onLinkClick(e, path)}>
      {playerName(props.t, props.player)}
    </a>
  );
}

/** A display rating with its provisional mark ("1034?" with a title saying so; `long`: "1034 provisional"). */
export function Rating(props: { t: T; display: number; provisional: boolean; long?: boolean }) {
  const value = Math.round(props.display);
  if (props.provisional && props.long)
    return (
      <span class="rating provisional" title={props.t('web.players.provisional')}>
        {value} <span class="prov-word">{props.t('web.players.provisional_short')}</span>
      </span>
    );
  return props.provisional ? (
    <span class="rating provisional" title={props.t('web.players.provisional')}>
      {value}
      <span aria-hidden="true">?</span>
      <span class="sr-only"> ({props.t('web.players.provisional')})</span>
    </span>
  ) : (
    <span class="rating">{value}</span>
  );
}

/** A rating change, signed: "+34", "−12", "±0". */
export function signed(n: number, lang: string): string {
  const r = Math.round(n);
  if (r === 0) return '±0';
  return new Intl.NumberFormat(lang, { signDisplay: 'always' }).format(r);
}

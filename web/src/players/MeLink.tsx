// The header's links: the leaderboard (wide screens) and the account page, named "Guest 12" or
// by the user name (GET /api/me at start).
import { onLinkClick } from '../app/router';
import { useT } from '../i18n/context';
import { useMe } from './me';
import { playerName } from './names';
import './players.css';

export function MeLink() {
  const t = useT();
  const m = useMe();
  const p = m.player;
  return (
    <>
      <a class="board-link" href="/leaderboard" onClick={(e) => onLinkClick(e, '/leaderboard')}>
        {t('web.board.title')}
      </a>
      <a class="me-link" href="/me" onClick={(e) => onLinkClick(e, '/me')} title={t('web.me.title')}>
      <svg class="me-icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
        <circle cx="8" cy="5" r="3.2" fill="currentColor" />
        <path d="M1.8 15c0-3.6 2.8-5.6 6.2-5.6s6.2 2 6.2 5.6z" fill="currentColor" />
      </svg>
      <span class="me-name">{p ? playerName(t, p) : t('web.me.title')}</span>
    </a>
    </>
  );
}

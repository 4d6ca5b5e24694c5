// The header's link to the account page: "Guest 12" or the user name (GET /api/me at start).
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
    <a class="me-link" href="/me" onClick={(e) => onLinkClick(e, '/me')} title={t('web.me.title')}>
      <span aria-hidden="true" class="me-icon">
        ●
      </span>
      <span class="me-name">{p ? playerName(t, p) : t('web.me.title')}</span>
    </a>
  );
}

// The `invitation` message (play again with the same people): "Anna invites you to play again"
// with Join (go to the table) and Dismiss; shown on every page until one of them is chosen.
import { useT } from '../i18n/context';
import { navigate } from '../app/router';
import { useSession } from '../net/session';
import { playerName } from './names';

export function InvitationBanner() {
  const t = useT();
  const s = useSession();
  const inv = s.invitation;
  if (!inv || s.table?.code === inv.code) return null;
  return (
    <div class="banner invitation" role="alert">
      <span>{t('web.players.invitation', { name: playerName(t, inv.from) })}</span>
      <span class="row">
        <button
          type="button"
          class="primary"
          onClick={() => {
            s.dismissInvitation();
            navigate(`/t/${inv.code}`);
          }}
        >
          {t('web.players.join')}
        </button>
        <button type="button" onClick={() => s.dismissInvitation()}>
          {t('web.players.dismiss')}
        </button>
      </span>
    </div>
  );
}

// The lobby of a table: the invite link (copy button, QR code), the seats filling as people
// arrive, taking a seat with a name, and for the creator: bots in empty seats, and start.
import { useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { session } from '../net/session';
import { storage, validName } from '../net/storage';
import type { TableState } from '../state/table';
import { BOT_LEVELS, levelKey } from './levels';
import { QrCode } from './QrCode';
import { NameField } from './NameField';
import { TableRules } from './TableRules';
import { LobbyChat } from './LobbyChat';
import { SeatName, SeatRating } from '../players/endOfGame';

export function Lobby(p: { ts: TableState; isCreator: boolean }) {
  const t = useT();
  const table = p.ts.table!;
  const mySeat = p.ts.mySeat;
  const open = table.seats.filter((s) => s.kind === 'open').length;
  const [name, setName] = useState(storage.name());
  const [busy, setBusy] = useState(false);

  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await f();
    } catch {
      /* shown by the session's problem banner */
    } finally {
      setBusy(false);
    }
  };

  const sit = (seat: number) => {
    if (!validName(name)) {
      document.getElementById('player-name')?.focus();
      return;
    }
    void run(() => session.sit(seat, name.trim()));
  };

  const fillWithBots = () =>
    run(async () => {
      for (let i = 0; i < table.seats.length; i++) if (table.seats[i]?.kind === 'open') await session.bot(i, 'medium');
    });

  return (
    <div class="page lobby">
      <h1>{t('web.lobby.title', { code: table.code })}</h1>
      <div class="lobby-grid">
        {/* The creator invites; a guest who came by the link has nothing to do with the panel. */}
        {p.isCreator && <Invite code={table.code} />}
        <section class="panel seats" aria-labelledby="seats-h">
          <h2 id="seats-h">{t('web.lobby.seats', { open })}</h2>
          {mySeat === null && open > 0 && (
            <form
              class="join-form"
              onSubmit={(e) => {
                e.preventDefault();
                const first = table.seats.findIndex((x) => x.kind === 'open');
                if (first >= 0) sit(first);
              }}
            >
              <NameField value={name} onInput={setName} autoFocus />
              <button type="submit" class="primary big" disabled={busy || !validName(name)}>
                {t('web.lobby.join_game')}
              </button>
            </form>
          )}
          <ol class="lobby-seats">
            {table.seats.map((seat, i) => (
              <li key={i} class={`seat-row ${seat.kind}${mySeat === i ? ' mine' : ''}`}>
                <span class="seat-no" aria-hidden="true">
                  {i + 1}
                </span>
                <span class="seat-who">
                  {seat.kind === 'open' ? (
                    <em>{t('web.lobby.seat_open')}</em>
                  ) : seat.kind === 'bot' ? (
                    <>
                      {seat.name} <small>{t('web.app.bot_level', { level: t(levelKey(seat.level ?? '')) })}</small>
                    </>
                  ) : (
                    <>
                      <SeatName table={table} seat={i} name={seat.name} />
                      <SeatRating seat={seat} />
                      {mySeat === i && <small> {t('web.lobby.you')}</small>}
                      {seat.connected === false && <small> {t('web.lobby.away')}</small>}
                    </>
                  )}
                </span>
                <span class="seat-actions">
                  {seat.kind === 'open' && mySeat === null && (
                    <button type="button" class="primary" disabled={busy || !validName(name)} onClick={() => sit(i)}>
                      {t('web.lobby.sit_here')}
                    </button>
                  )}
                  {mySeat === i && (
                    <button type="button" disabled={busy} onClick={() => run(session.stand)}>
                      {t('web.lobby.stand')}
                    </button>
                  )}
                  {p.isCreator && seat.kind !== 'person' && !table.config.rated && (
                    <select
                      aria-label={t('web.lobby.seat_bot', { seat: i + 1 })}
                      value={seat.kind === 'bot' ? (seat.level ?? '') : ''}
                      disabled={busy}
                      onChange={(e) => {
                        const v = (e.target as HTMLSelectElement).value;
                        void run(() => session.bot(i, v === '' ? null : v));
                      }}
                    >
                      <option value="">{t('web.lobby.no_bot')}</option>
                      {BOT_LEVELS.map((l) => (
                        <option key={l} value={l}>
                          {t('web.app.bot_level', { level: t(levelKey(l)) })}
                        </option>
                      ))}
                    </select>
                  )}
                </span>
              </li>
            ))}
          </ol>
          {table.config.rated && <p class="explain rated-leave">{t('web.lobby.rated_leave')}</p>}
          {p.isCreator ? (
            <div class="lobby-start">
              {open > 0 && !table.config.rated && (
                <button type="button" disabled={busy} onClick={fillWithBots}>
                  {t('web.lobby.fill_bots')}
                </button>
              )}
              <button type="button" class="primary big" disabled={busy || open > 0} onClick={() => run(session.start)}>
                {t('web.lobby.start')}
              </button>
              {open > 0 && <p class="explain">{table.config.rated ? t('web.lobby.start_explain_rated', { open }) : t('web.lobby.start_explain', { open })}</p>}
            </div>
          ) : (
            <p class="waiting">{open > 0 ? t('web.lobby.waiting_players', { open }) : t('web.lobby.waiting_start')}</p>
          )}
        </section>
        <TableRules table={table} />
        <LobbyChat ts={p.ts} />
      </div>
    </div>
  );
}

function Invite(p: { code: string }) {
  const t = useT();
  const link = `${location.origin}/t/${p.code}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const input = document.getElementById('invite-link') as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <section class="panel invite" aria-labelledby="invite-h">
      <h2 id="invite-h">{t('web.lobby.invite')}</h2>
      <p class="explain">{t('web.lobby.invite_explain')}</p>
      <div class="row">
        <input id="invite-link" readOnly value={link} aria-label={t('web.lobby.invite_link')} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button type="button" class="primary" onClick={copy}>
          {copied ? t('web.lobby.copied') : t('web.lobby.copy')}
        </button>
        {typeof navigator.share === 'function' && (
          <button type="button" onClick={() => void navigator.share({ title: 'ALLEGRA', text: t('web.lobby.share_text'), url: link }).catch(() => {})}>
            {t('web.lobby.share')}
          </button>
        )}
      </div>
      <span class="sr-only" aria-live="polite">
        {copied ? t('web.lobby.copied') : ''}
      </span>
      <div class="qr-box">
        <QrCode text={link} label={t('web.lobby.qr', { code: p.code })} />
        <p>
          {t('web.lobby.code_is')} <strong class="code">{p.code}</strong>
        </p>
      </div>
    </section>
  );
}

// /me: this browser's player. A guest keeps his games by claiming them as an account (a user
// name and a password) or signs in to an account he has; an account signs out (here or on
// every browser), changes its password, deletes itself; everyone downloads his own data.
// Every answer of the server (docs/accounts.md) is worded in the player's language.
import { useEffect, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { useT } from '../i18n/context';
import { onLinkClick } from '../app/router';
import { session } from '../net/session';
import { api, ApiFailure, EXPORT_URL } from './api';
import { me, useMe } from './me';
import { playerName, profilePath, Rating } from './names';
import { failureText } from './errors';
import './players.css';

type Outcome = { ok: boolean; text: string } | null;

/** Runs an account request: its failure in words, or `done` (and the socket renewed for the new cookie). */
function useAction(): [Outcome, boolean, (run: () => Promise<unknown>, done?: string) => Promise<boolean>] {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await run();
      session.reconnect();
      setOutcome(done ? { ok: true, text: done } : null);
      return true;
    } catch (e) {
      const f = e instanceof ApiFailure ? e : new ApiFailure(0, 'offline', String(e));
      setOutcome({ ok: false, text: failureText(t, f) });
      // The session ended elsewhere (signed out everywhere, deleted): this browser is a new guest.
      if (f.code === 'not_signed_in') void me.load(true);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return [outcome, busy, act];
}

function Said(props: { outcome: Outcome }) {
  if (!props.outcome) return null;
  return props.outcome.ok ? (
    <p class="said ok" role="status">
      {props.outcome.text}
    </p>
  ) : (
    <p class="said bad" role="alert">
      {props.outcome.text}
    </p>
  );
}

function Field(props: { id: string; label: string; type?: string; value: string; onInput: (v: string) => void; autocomplete: string }) {
  return (
    <label class="field" for={props.id}>
      <span>{props.label}</span>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autocomplete={props.autocomplete}
        required
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

/** A name + password form: claim the guest (`claim`) or sign in (`login`). */
function Credentials(props: { kind: 'claim' | 'login' }) {
  const t = useT();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, busy, act] = useAction();
  const claim = props.kind === 'claim';
  const submit = (e: JSX.TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    void act(async () => me.set(await (claim ? api.claim : api.login)(name.trim(), password)));
  };
  return (
    <form class={`panel account-form ${props.kind}`} onSubmit={submit} aria-labelledby={`${props.kind}-h`}>
      <h2 id={`${props.kind}-h`}>{claim ? t('web.me.claim_title') : t('web.me.login_title')}</h2>
      <p class="muted">{claim ? t('web.me.claim_why') : t('web.me.login_why')}</p>
      <Field id={`${props.kind}-name`} label={t('web.me.user_name')} value={name} onInput={setName} autocomplete="username" />
      <Field
        id={`${props.kind}-password`}
        label={t('web.me.password')}
        type="password"
        value={password}
        onInput={setPassword}
        autocomplete={claim ? 'new-password' : 'current-password'}
      />
      {claim && <p class="hint">{t('web.me.password_rule')}</p>}
      <Said outcome={outcome} />
      <button type="submit" class="primary" disabled={busy}>
        {claim ? t('web.me.claim') : t('web.me.login')}
      </button>
    </form>
  );
}

function ChangePassword() {
  const t = useT();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [outcome, busy, act] = useAction();
  return (
    <form
      class="panel account-form"
      aria-labelledby="pw-h"
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => api.changePassword(old, next), t('web.me.password_changed')).then((ok) => ok && (setOld(''), setNext('')));
      }}
    >
      <h2 id="pw-h">{t('web.me.password_title')}</h2>
      <Field id="pw-old" label={t('web.me.password_now')} type="password" value={old} onInput={setOld} autocomplete="current-password" />
      <Field id="pw-new" label={t('web.me.password_new')} type="password" value={next} onInput={setNext} autocomplete="new-password" />
      <p class="hint">{t('web.me.password_rule')}</p>
      <Said outcome={outcome} />
      <button type="submit" disabled={busy}>
        {t('web.me.password_change')}
      </button>
    </form>
  );
}

function DeleteAccount(props: { guest: boolean }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState('');
  const [outcome, busy, act] = useAction();
  if (!asked)
    return (
      <>
        <Said outcome={outcome} />
        <button type="button" class="danger" onClick={() => setAsked(true)}>
          {t('web.me.delete')}
        </button>
      </>
    );
  return (
    <form
      class="panel account-form danger-zone"
      aria-labelledby="del-h"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          await api.deleteAccount(props.guest ? null : password);
          await me.load(true);
        }, t('web.me.deleted')).then((ok) => ok && setAsked(false));
      }}
    >
      <h2 id="del-h">{t('web.me.delete_title')}</h2>
      <p>{t('web.me.delete_what')}</p>
      {!props.guest && (
        <Field id="del-password" label={t('web.me.password')} type="password" value={password} onInput={setPassword} autocomplete="current-password" />
      )}
      <Said outcome={outcome} />
      <div class="row">
        <button type="submit" class="danger" disabled={busy}>
          {t('web.me.delete_confirm')}
        </button>
        <button type="button" onClick={() => setAsked(false)}>
          {t('web.me.cancel')}
        </button>
      </div>
    </form>
  );
}

function Sessions() {
  const t = useT();
  const [outcome, busy, act] = useAction();
  return (
    <section class="panel" aria-labelledby="sessions-h">
      <h2 id="sessions-h">{t('web.me.sessions_title')}</h2>
      <div class="row">
        <button type="button" disabled={busy} onClick={() => void act(async () => (await api.logout(), await me.load(true)), t('web.me.signed_out'))}>
          {t('web.me.logout')}
        </button>
        <button type="button" disabled={busy} onClick={() => void act(async () => (await api.logoutAll(), await me.load(true)), t('web.me.signed_out_all'))}>
          {t('web.me.logout_all')}
        </button>
      </div>
      <Said outcome={outcome} />
    </section>
  );
}

export function MePage() {
  const t = useT();
  // The socket, for an invitation to play again while this page is open.
  useEffect(() => session.connect(), []);
  const m = useMe();
  const p = m.player;
  useEffect(() => {
    document.title = `${t('web.me.title')} · ALLEGRA`;
    return () => {
      document.title = 'ALLEGRA';
    };
  }, [t]);
  if (!p)
    return (
      <div class="page narrow">
        <h1>{t('web.me.title')}</h1>
        <p role={m.failure ? 'alert' : 'status'} class={m.failure ? '' : 'muted'}>
          {m.failure ? failureText(t, m.failure) : t('web.app.connecting')}
        </p>
      </div>
    );
  const profile = profilePath(p.id);
  return (
    <div class="page me-page">
      <section class="me-head">
        <h1>{t('web.me.title')}</h1>
        <p class="me-who">
          {p.guest ? t('web.me.you_guest', { name: playerName(t, p) }) : t('web.me.you_account', { name: playerName(t, p) })}{' '}
          <span class="me-rating">
            {t('web.players.rating')}: <Rating t={t} display={p.rating.display} provisional={p.rating.provisional} long />
          </span>
        </p>
        {p.guest && (
          <p class="me-jump">
            <a
              href="#login-h"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById('login-name')?.focus();
              }}
            >
              {t('web.me.login_jump')}
            </a>
          </p>
        )}
        <p class="me-links">
          <a class="button primary" href={profile} onClick={(e) => onLinkClick(e, profile)}>
            {t('web.me.profile_link')}
          </a>
          <a class="button" href="/leaderboard" onClick={(e) => onLinkClick(e, '/leaderboard')}>
            {t('web.board.title')}
          </a>
          <a class="button" href={EXPORT_URL} download>
            {t('web.me.export')}
          </a>
        </p>
      </section>
      {p.guest ? (
        <div class="account-grid">
          <Credentials kind="claim" />
          <Credentials kind="login" />
        </div>
      ) : (
        <div class="account-grid">
          <Sessions />
          <ChangePassword />
        </div>
      )}
      <section class="delete-area">
        <DeleteAccount guest={p.guest} />
      </section>
    </div>
  );
}

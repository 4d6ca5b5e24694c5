// Chat while the seats fill (the table screen has its own chat during the game).
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { session } from '../net/session';
import type { TableState } from '../state/table';

export function LobbyChat(p: { ts: TableState }) {
  const t = useT();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [p.ts.chat.length]);
  return (
    <section class="panel lobby-chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{t('web.lobby.chat')}</h2>
      <ol class="chat-lines" ref={list} aria-live="polite">
        {p.ts.chat.length === 0 && <li class="muted">{t('web.lobby.chat_empty')}</li>}
        {p.ts.chat.map((c) => (
          <li key={c.seq}>
            <strong>{c.name}:</strong> {c.text}
          </li>
        ))}
      </ol>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          const v = text.trim();
          if (!v) return;
          session.chat(v);
          setText('');
        }}
      >
        <input value={text} maxLength={500} aria-label={t('web.lobby.chat_input')} placeholder={t('web.lobby.chat_input')} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        <button type="submit" disabled={!text.trim()}>
          {t('web.lobby.chat_send')}
        </button>
      </form>
    </section>
  );
}

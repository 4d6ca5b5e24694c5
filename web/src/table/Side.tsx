// The log of events in words (the narrator's sentences, newest last, the latest frame's also
// read out by an aria-live region) and the table's chat.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatLine, LoggedEvent } from '../protocol/view';
import { narrate, type Translate, type Voices } from '../text/narrator';

/** At most this many log lines are drawn (the whole game is in the replay). */
const SHOWN = 120;

export function EventLog(p: { t: Translate; voices: Voices; events: LoggedEvent[] }) {
  // The log follows the table a moment later: the table is drawn first (the 16 ms budget),
  // the sentences in the next task.
  const [events, setEvents] = useState(p.events);
  useEffect(() => {
    if (events === p.events) return;
    const id = setTimeout(() => setEvents(p.events), 0);
    return () => clearTimeout(id);
  }, [p.events]);
  const lines = useMemo(() => narrate(p.t, p.voices, events), [p.t, p.voices, events]);
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const lastSeq = lines.at(-1)?.seq ?? 0;
  const latest = lines.filter((l) => l.seq === lastSeq).map((l) => l.text);
  const shown = lines.slice(-SHOWN);
  const first = lines.length - shown.length;
  return (
    <section class="panel log" aria-labelledby="log-h">
      <h2 id="log-h">{p.t('web.table.log')}</h2>
      <ol ref={box} class="log-lines" tabIndex={0} aria-labelledby="log-h">
        {shown.map((l, i) => (
          <li key={first + i} class={l.kind}>
            {l.text}
          </li>
        ))}
      </ol>
      <div class="sr-only" aria-live="polite" aria-atomic="true">
        {latest.join(' ')}
      </div>
    </section>
  );
}

/** The quick reactions under the chat: one tap sends the emoji as a chat line. */
const REACTIONS = ['👍', '😄', '😮', '😬', '🎉'];

export function Chat(p: { t: Translate; chat: ChatLine[]; send?: (text: string) => void }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [p.chat.length]);
  return (
    <section class="panel chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{p.t('web.table.chat')}</h2>
      {p.chat.length > 0 && (
        <ol ref={box} class="chat-lines" aria-live="polite">
          {p.chat.slice(-100).map((c) => (
            <li key={c.seq}>
              <b>{c.name}:</b> {c.text}
            </li>
          ))}
        </ol>
      )}
      {p.send && (
        <div class="reactions" role="group" aria-label={p.t('web.table.reactions')}>
          {REACTIONS.map((r) => (
            <button key={r} type="button" class="reaction" onClick={() => p.send!(r)}>
              {r}
            </button>
          ))}
        </div>
      )}
      {p.send && (
        <form
          class="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            const s = text.trim();
            if (!s) return;
            p.send!(s);
            setText('');
          }}
        >
          <input
            type="text"
            maxLength={500}
            value={text}
            aria-label={p.t('web.table.chat_say')}
            placeholder={p.t('web.table.chat_say')}
            onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit">{p.t('web.table.send')}</button>
        </form>
      )}
    </section>
  );
}

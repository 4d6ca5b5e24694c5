// The sound toggle in the header, and the hook that plays the table's cues (src/app/sounds.ts):
// a tone for your turn, a knock, a clear and the round end; with the tab hidden, "your turn"
// also shows a browser notification if the player allowed them (asked when sound is switched on).
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { useSession } from '../net/session';
import type { TableState } from '../state/table';
import { cuesFor, playCue, setSoundOn, soundOn } from './sounds';
import { Icon } from '../pages/Icons';

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

let enabled = soundOn(storage());

export function SoundToggle() {
  const t = useT();
  const [on, setOn] = useState(enabled);
  const label = t(on ? 'web.app.sound.on' : 'web.app.sound.off');
  return (
    <button
      type="button"
      class="sound-toggle"
      aria-label={label}
      title={label}
      aria-pressed={on}
      onClick={() => {
        enabled = !on;
        setSoundOn(enabled, storage());
        setOn(enabled);
        if (enabled && typeof Notification !== 'undefined' && Notification.permission === 'default') {
          void Notification.requestPermission().catch(() => undefined);
        }
      }}
    >
      <Icon name={on ? 'soundOn' : 'soundOff'} />
    </button>
  );
}

/** Plays the cues of each new table frame (mounted once, in App). */
export function useTableCues(): void {
  const s = useSession();
  const t = useT();
  const prev = useRef<TableState | null>(null);
  const table = s.table;
  useEffect(() => {
    const cues = cuesFor(prev.current, table);
    prev.current = table;
    if (!enabled) return;
    for (const cue of cues) playCue(cue);
    if (cues.includes('your_turn') && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        new Notification(t('web.app.notify_turn'), { tag: 'allegra-turn', icon: '/icon-192.png' });
      } catch {
        // notifications unavailable here (e.g. a mobile browser wants the service worker's)
      }
    }
  }, [table]);
}

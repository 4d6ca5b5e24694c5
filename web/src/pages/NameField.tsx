// The player's name: stored in the browser, checked as the server checks it (1-16 characters).
import { useT } from '../i18n/context';
import { storage, validName } from '../net/storage';

export function NameField(p: { value: string; onInput: (v: string) => void; autoFocus?: boolean }) {
  const t = useT();
  const bad = p.value !== '' && !validName(p.value);
  return (
    <div class="option name-field">
      <label for="player-name">{t('web.home.name')}</label>
      <input
        id="player-name"
        value={p.value}
        maxLength={16}
        autoComplete="nickname"
        autoFocus={p.autoFocus}
        aria-invalid={bad}
        aria-describedby="player-name-x"
        onInput={(e) => {
          const v = (e.target as HTMLInputElement).value;
          p.onInput(v);
          if (validName(v)) storage.setName(v.trim());
        }}
      />
      <p class="explain" id="player-name-x">
        {t('web.home.name_explain')}
      </p>
    </div>
  );
}

// The player's name: stored in the browser, checked as the server checks it (1-16 characters).
// A longer name is kept as typed and refused with a message (never cut silently).
import { useT } from '../i18n/context';
import { MAX_NAME, storage, validName } from '../net/storage';

export function NameField(p: { value: string; onInput: (v: string) => void; autoFocus?: boolean; form?: string }) {
  const t = useT();
  const bad = p.value !== '' && !validName(p.value);
  const length = [...p.value.trim()].length;
  return (
    <div class="option name-field">
      <label for="player-name">{t('web.home.name')}</label>
      <input
        id="player-name"
        value={p.value}
        form={p.form}
        autoComplete="nickname"
        autoFocus={p.autoFocus}
        aria-invalid={bad}
        aria-describedby={length > MAX_NAME ? 'player-name-long player-name-x' : 'player-name-x'}
        onInput={(e) => {
          const v = (e.target as HTMLInputElement).value;
          p.onInput(v);
          if (validName(v)) storage.setName(v.trim());
        }}
      />
      {length > MAX_NAME && (
        <p class="error" role="alert" id="player-name-long">
          {t('web.home.name_too_long', { max: MAX_NAME, count: length })}
        </p>
      )}
      <p class="explain" id="player-name-x">
        {t('web.home.name_explain')}
      </p>
    </div>
  );
}

// The language chooser in the header: each language by its own name. On a phone the closed
// chooser shows the language's code (EN, DE, ...) over the native select, which stays the
// control (its picker lists the full names): the widest name, "Nederlands", cut to five letters
// in a 360 px header read as "Englis" or "Nederl".
import { LANGUAGES, LANGUAGE_NAMES, isLang } from '../i18n/i18n';
import { useLang, useT } from '../i18n/context';

export function LanguageSelect() {
  const { lang, setLang } = useLang();
  const t = useT();
  return (
    <span class="lang-pick">
      <span class="lang-code" aria-hidden="true">
        {lang.toUpperCase()}
      </span>
      <select
        class="lang-select"
        aria-label={t('web.app.language')}
        value={lang}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          if (isLang(v)) setLang(v);
        }}
      >
        {LANGUAGES.map((l) => (
          <option value={l} key={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

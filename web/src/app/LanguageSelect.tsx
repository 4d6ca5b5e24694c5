// The language chooser in the header: each language by its own name.
import { LANGUAGES, LANGUAGE_NAMES, isLang } from '../i18n/i18n';
import { useLang, useT } from '../i18n/context';

export function LanguageSelect() {
  const { lang, setLang } = useLang();
  const t = useT();
  return (
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
  );
}

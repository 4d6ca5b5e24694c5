// The colour theme toggle in the header: as the device -> dark -> light (src/app/theme.ts).
import { useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { applyTheme, nextTheme, storedTheme, type Theme } from './theme';

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined; // storage blocked: the choice lasts for this page only
  }
}

/** Each theme's label key, spelled out (tests/text/translation_test.cc finds every key used). */
const LABELS: Record<Theme, string> = {
  system: 'web.app.theme.system',
  dark: 'web.app.theme.dark',
  light: 'web.app.theme.light',
};

export function ThemeToggle() {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(() => storedTheme(storage()));
  const label = t(LABELS[theme]);
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-label={label}
      title={label}
      data-theme-choice={theme}
      onClick={() => {
        const next = nextTheme(theme);
        applyTheme(next, document.documentElement, storage());
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}</span>
    </button>
  );
}

// The colour theme the person chose: "system" (follow prefers-color-scheme), "light" or "dark";
// remembered in localStorage and set as html[data-theme] (src/app/theme.css).
export type Theme = 'system' | 'light' | 'dark';
const KEY = 'allegra.theme';

export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme {
  const value = storage?.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The next theme of the toggle: system -> dark -> light -> system. */
export function nextTheme(theme: Theme): Theme {
  return theme === 'system' ? 'dark' : theme === 'dark' ? 'light' : 'system';
}

export function applyTheme(theme: Theme, root: { dataset: DOMStringMap }, storage?: Pick<Storage, 'setItem' | 'removeItem'>): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  if (theme === 'system') storage?.removeItem(KEY);
  else storage?.setItem(KEY, theme);
}

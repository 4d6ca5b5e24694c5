// Small formatting helpers shared by the pages: half points as numbers of the language
// (12.5, 12,5), the name of a seat, the list of winners.
import type { Lang } from '../i18n/i18n';

export function points(half: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(half / 2);
}

export function listNames(names: string[], lang: Lang): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
}

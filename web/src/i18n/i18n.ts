// The texts of the browser game: the same data/lang/<code>.json files (ICU MessageFormat) as
// the terminal game, formatted with intl-messageformat. English is bundled (the fallback and
// the first paint); the other languages are fetched as separate chunks when chosen, which keeps
// the first page small. The choice is stored; without one the browser's language is used.
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../../data/lang/en.json';
import { elideFrench } from './elide';

export const LANGUAGES = ['en', 'de', 'fr', 'nl', 'es'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type Messages = Record<string, string>;

const loaders = import.meta.glob<Messages>(['../../../data/lang/*.json', '!../../../data/lang/en.json'], {
  import: 'default',
});

/** The native name of each language (its own `language.name`), for the language chooser. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
  es: 'Español',
};

const STORAGE_KEY = 'allegra.lang';

export function isLang(s: string | null | undefined): s is Lang {
  return !!s && (LANGUAGES as readonly string[]).includes(s);
}

/** The language to start with: the stored choice, else the first of the browser's languages we have, else English. */
export function initialLang(stored: string | null, browser: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

export function storedLang(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

export async function loadMessages(lang: Lang): Promise<Messages> {
  if (lang === 'en') return en as Messages;
  const path = `../../../data/lang/${lang}.json`;
  const load = loaders[path];
  if (!load) throw new Error(`no texts for language ${lang}`);
  return load();
}

export type Args = Record<string, string | number | boolean | null | undefined>;

/**
 * A translator for one language: `t(key, args)`. A key missing in the language falls back to
 * English (and is reported once on the console as a warning, which the e2e tests catch); a key
 * missing everywhere shows as the key itself, so it is visible rather than blank.
 */
export class Translator {
  private readonly cache = new Map<string, { fmt: IntlMessageFormat; plain: Set<string> }>();
  private readonly numbers: Intl.NumberFormat;
  private readonly warned = new Set<string>();

  constructor(
    readonly lang: Lang,
    private readonly messages: Messages,
    private readonly fallback: Messages = en as Messages,
  ) {
    this.numbers = new Intl.NumberFormat(lang);
  }

  has(key: string): boolean {
    return key in this.messages;
  }

  t = (key: string, args?: Args): string => {
    let entry = this.cache.get(key);
    if (!entry) {
      let pattern = this.messages[key];
      let locale: string = this.lang;
      if (pattern === undefined) {
        pattern = this.fallback[key];
        locale = 'en';
        if (!this.warned.has(key)) {
          this.warned.add(key);
          console.warn(`missing text ${key} in ${this.lang}`);
        }
        if (pattern === undefined) return key;
      }
      const fmt = new IntlMessageFormat(pattern, locale, undefined, { ignoreTag: true });
      entry = { fmt, plain: plainArguments(fmt.getAst()) };
      this.cache.set(key, entry);
    }
    // A number in a plain `{arg}` is written the language's way ("12,5"), as ICU does in the
    // terminal; intl-messageformat would write it with String() ("12.5").
    let values = args;
    if (args && entry.plain.size > 0) {
      values = { ...args };
      for (const name of entry.plain) if (typeof values[name] === 'number') values[name] = this.numbers.format(values[name]);
    }
    const out = entry.fmt.format(values as Record<string, string | number | boolean | null | undefined>);
    const text = Array.isArray(out) ? out.join('') : String(out);
    return this.lang === 'fr' ? elideFrench(text) : text;
  };
}

/** The names used only as plain arguments (`{name}`), not as a plural's or select's, in a message. */
function plainArguments(ast: ReturnType<IntlMessageFormat['getAst']>): Set<string> {
  const plain = new Set<string>();
  const other = new Set<string>();
  const walk = (els: typeof ast) => {
    for (const el of els) {
      // intl-messageformat's element types: 1 a plain argument, 5 select, 6 plural.
      if (el.type === 1) plain.add(el.value);
      if (el.type === 5 || el.type === 6) {
        other.add(el.value);
        for (const o of Object.values(el.options)) walk(o.value);
      }
    }
  };
  walk(ast);
  for (const n of other) plain.delete(n);
  return plain;
}

export const englishTranslator = new Translator('en', en as Messages);

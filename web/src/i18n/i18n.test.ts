import { describe, expect, it } from 'vitest';
import { Translator, initialLang, loadMessages, LANGUAGES } from './i18n';
import en from '../../../data/lang/en.json';
import { IntlMessageFormat } from 'intl-messageformat';

describe('the language', () => {
  it('is the stored choice, else the browser’s, else English', () => {
    expect(initialLang('nl', ['de-DE'])).toBe('nl');
    expect(initialLang(null, ['pt-BR', 'fr-CA', 'de'])).toBe('fr');
    expect(initialLang('xx', ['ja'])).toBe('en');
  });
});

describe('the texts', () => {
  it('format ICU plurals and selects', async () => {
    const de = new Translator('de', await loadMessages('de'));
    expect(de.t('narr.reshuffled', { count: 1 })).toContain('1 Karte');
    expect(de.t('narr.reshuffled', { count: 12 })).toContain('12 Karten');
    expect(de.t('narr.turn_started', { actor: 'you', name: 'x' })).toBe('Du bist an der Reihe.');
    const fr = new Translator('fr', await loadMessages('fr'));
    expect(fr.t('narr.turn_started', { actor: 'other', name: 'Bea' })).toBe('Au tour de Bea.');
    // A number in a plain argument is written the language's way, as ICU writes it in the terminal.
    expect(de.t('result.line', { name: 'Bea', display: 15.5, score: 31, total: -2.5 })).toContain('15,5');
    expect(de.t('result.line', { name: 'Bea', display: 15.5, score: 31, total: -2.5 })).toContain('-2,5');
  });

  it('every language has every web key of English, and each pattern parses', async () => {
    const webKeys = Object.keys(en).filter((k) => k.startsWith('web.'));
    expect(webKeys.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const m = await loadMessages(lang);
      for (const k of webKeys) {
        expect(m[k], `${lang} ${k}`).toBeTypeOf('string');
        expect(() => new IntlMessageFormat(m[k]!, lang, undefined, { ignoreTag: true })).not.toThrow();
      }
    }
  });

  it('shows a key missing everywhere as the key itself', () => {
    const tr = new Translator('en', {});
    const warn = console.warn;
    console.warn = () => {};
    expect(tr.t('web.nothing.here')).toBe('web.nothing.here');
    console.warn = warn;
  });
});

describe('the keys the client uses', () => {
  it('all exist in English (so in every language, by the test above)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('..', import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    const used = new Set<string>();
    for (const f of files) {
      const src = readFileSync(join(root, f), 'utf8');
      for (const m of src.matchAll(/\bt\('([a-z_]+(?:\.[a-z0-9_]+)+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
  });
});

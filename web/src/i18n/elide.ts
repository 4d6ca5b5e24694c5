// French elides "de" before a vowel: "celles de Emil" is "celles d’Emil". The texts write
// "de {name}" (a name is not known when the text is written), so the formatted French text is
// elided, as the terminal's Translator does (src/text/translator.cc elide_french): a word "de"
// followed by a word whose first letter is a vowel (accents ignored: "Émile", "Yves" too)
// becomes "d’". The shared golden fixtures check that both give the same sentences.
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'æ', 'œ']);

function startsWithVowel(rest: string): boolean {
  const first = rest.codePointAt(0);
  if (first === undefined) return false;
  const base = String.fromCodePoint(first).normalize('NFD').toLowerCase().charAt(0);
  return VOWELS.has(base);
}

export function elideFrench(text: string): string {
  let out = '';
  let at = 0;
  for (let i = text.indexOf('de ', 0); i !== -1; i = text.indexOf('de ', i + 3)) {
    const wordStart = i === 0 || text[i - 1] === ' ' || text[i - 1] === '(';
    if (wordStart && startsWithVowel(text.slice(i + 3))) {
      out += text.slice(at, i) + 'd’';
      at = i + 3;
    }
  }
  return out + text.slice(at);
}

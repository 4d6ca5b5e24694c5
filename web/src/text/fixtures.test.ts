// The golden fixtures shared with the terminal's narrator: tests/text/narrator_fixtures_test.cc
// writes events in and sentences out (every event kind, every voice the page uses, five
// languages), the status line of each phase with its view, and structured hints with their
// lines; here narrator.ts and hint.ts must give exactly the same sentences. After a deliberate
// change of wording regenerate the file (docs/i18n.md) and run both tests.
import { describe, expect, it } from 'vitest';
import fixtures from '../../../tests/text/golden/narrator_fixtures.json';
import { LANGUAGES, Translator, loadMessages, type Lang } from '../i18n/i18n';
import { decision, narrate, type Voices } from './narrator';
import { hintLines, type HintData } from './hint';
import type { LoggedEvent, PublicView, TableEvent } from '../protocol/view';

interface EventCase {
  name: string;
  events: unknown[];
  told: { you: number | null; everything: boolean; sentences: Record<string, string[]> }[];
}
interface DecisionCase {
  name: string;
  you: number;
  names: string[];
  view: unknown;
  /** The decider's legal actions (its pending[].legal). */
  legal: string[];
  sentence: Record<string, string>;
}
interface HintCase {
  name: string;
  hint: unknown;
  lines: Record<string, string[]>;
}
const file = fixtures as unknown as { names: string[]; events: EventCase[]; decisions: DecisionCase[]; hints: HintCase[] };

async function translators(): Promise<[Lang, Translator][]> {
  return Promise.all(LANGUAGES.map(async (l) => [l, new Translator(l, await loadMessages(l))] as [Lang, Translator]));
}

describe('the shared golden fixtures (tests/text/golden/narrator_fixtures.json)', () => {
  it('cover the five languages and every event kind the engine has', () => {
    expect(Object.keys(file.events[0]!.told[0]!.sentences).sort()).toEqual([...LANGUAGES].sort());
    const kinds = new Set(file.events.flatMap((c) => c.events.map((e) => (e as TableEvent).type)));
    for (const k of ['round-started', 'cleared', 'round-scored', 'final-revealed', 'game-over', 'knocker-swapped', 'put-back']) expect(kinds).toContain(k);
    expect(file.decisions.length).toBeGreaterThan(10);
    // The prompt of a card that may not be discarded, and French elision ("d’Emil").
    expect(file.decisions.map((c) => c.name)).toContain('hold-drawn by you, taken from the discard pile');
    expect(file.decisions.some((c) => c.sentence.fr!.includes('d’Emil'))).toBe(true);
    expect(file.hints.length).toBeGreaterThan(5);
  });

  it('narrate: every event, every voice, every language, as narrator.cc tells it', async () => {
    for (const [lang, tr] of await translators()) {
      for (const c of file.events) {
        const log: LoggedEvent[] = c.events.map((event, i) => ({ seq: i + 1, event: event as TableEvent }));
        for (const told of c.told) {
          const v: Voices = { names: file.names, you: told.you };
          const got = narrate(tr.t, v, log, told.everything).map((l) => l.text);
          expect(got, `${lang}: ${c.name} (you: ${told.you}, everything: ${told.everything})`).toEqual(told.sentences[lang]);
        }
      }
    }
  });

  it('decision: the status line of every phase, as narrator.cc says it', async () => {
    for (const [lang, tr] of await translators()) {
      for (const c of file.decisions) {
        const view = c.view as PublicView;
        expect(decision(tr.t, { names: c.names, you: c.you }, view, view.current_player, c.legal), `${lang}: ${c.name}`).toBe(c.sentence[lang]);
      }
    }
  });

  it('hintLines: the structured hint in words, as hint_text.cc words it', async () => {
    for (const [lang, tr] of await translators()) {
      for (const c of file.hints) {
        expect(hintLines(tr.t, c.hint as HintData, (a) => a), `${lang}: ${c.name}`).toEqual(c.lines[lang]);
      }
    }
  });
});

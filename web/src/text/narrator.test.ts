import { describe, expect, it } from 'vitest';
import en from '../../../data/lang/en.json';
import de from '../../../data/lang/de.json';
import fr from '../../../data/lang/fr.json';
import nl from '../../../data/lang/nl.json';
import es from '../../../data/lang/es.json';
import { IntlMessageFormat } from 'intl-messageformat';
import { narrate, sentence, lineArgs, placeArgs, neighbourIn, decision, actionLabel, roundLabel } from './narrator';
import type { LoggedEvent, PublicView, TableEvent } from '../protocol/view';

// The keys chosen (a fake translator that writes the key and its arguments).
const keyT = (key: string, args?: Record<string, unknown>) => `${key}${args ? JSON.stringify(args) : ''}`;
// The real English texts.
const messages = en as Record<string, string>;
const enT = (key: string, args?: Record<string, unknown>) => {
  const m = messages[key];
  if (m === undefined) throw new Error(`missing key ${key}`);
  return String(new IntlMessageFormat(m, 'en').format(args as Record<string, string>));
};
// Any language's texts.
const tOf = (lang: string, texts: Record<string, string>) => (key: string, args?: Record<string, unknown>) => {
  const m = texts[key];
  if (m === undefined) throw new Error(`missing key ${key} (${lang})`);
  return String(new IntlMessageFormat(m, lang).format(args as Record<string, string>));
};
const deT = tOf('de', de as Record<string, string>);
const v = { names: ['Anna', 'Bea', 'Cem', 'Dan'], you: 0 };
const log = (...evs: TableEvent[]): LoggedEvent[] => evs.map((event, i) => ({ seq: i + 1, event }));

// Every engine event in every language and voice: fixtures.test.ts (the golden fixtures shared
// with src/text/narrator.cc). Here: the table's own events, and the pieces the page reuses.
describe('narrator', () => {
  it('tells the table’s own events with the web’s texts', () => {
    const cases: [TableEvent, string][] = [
      [{ type: 'zombie', seat: 1, why: 'grace' }, 'web.table.zombie'],
      [{ type: 'left', seat: 1 }, 'web.table.left'],
      [{ type: 'back', seat: 1 }, 'web.table.back'],
      [{ type: 'sat', seat: 1, name: 'Bea' }, 'web.table.sat'],
    ];
    for (const [e, key] of cases) expect(sentence(keyT, v, e).split('{')[0], e.type).toBe(key);
    expect(sentence(keyT, v, { type: 'stood', seat: 1 })).toBe('');
  });

  it('names places and lines as cell_names.cc does', () => {
    expect(placeArgs(v, 1, '1b2')).toEqual({ key: 'place.cell', args: { row: 2, col: 3 } });
    expect(placeArgs(v, 1, '0a3')).toEqual({ key: 'place.cell_of', args: { target: 'you', owner: 'Anna', row: 1, col: 4 } });
    // The neighbour is the server's (a cleared line's cells, the view's shared_from), not computed.
    expect(lineArgs(v, 1, 'col-0', 2)).toEqual({ key: 'place.column_of', args: { target: 'other', owner: 'Cem' } });
    expect(lineArgs(v, 3, 'col-0', 0)).toEqual({ key: 'place.column_of', args: { target: 'you', owner: 'Anna' } });
    expect(lineArgs(v, 1, 'col-0', 0)).toEqual({ key: 'place.column_of', args: { target: 'you', owner: 'Anna' } });
    expect(lineArgs(v, 1, 'col-3', 2)).toEqual({ key: 'place.column', args: { col: 3 } });
    expect(lineArgs(v, 1, 'row-b1', 2)).toEqual({ key: 'place.row_cols', args: { row: 2, from: 1, to: 3 } });
    expect(lineArgs(v, 1, 'row-c0', 2).key).toBe('place.row_shared');
    expect(neighbourIn(1, ['2c3', '1c0', '1c1'])).toBe(2);
    expect(neighbourIn(1, ['1a1', '1b1', '1c1'])).toBe(-1);
  });

  it('tells a move and the clear it made in one sentence, in English', () => {
    const lines = narrate(enT, v, log({ type: 'swapped', player: 0, card: 4, old_card: 9, cell: '0b1' }, { type: 'discarded', player: 0, card: 9, cell: '0b1' }, { type: 'cleared', player: 0, card: 4, line: 'col-2', cells: ['0a1', '0b1', '0c1'] }));
    expect(lines.map((l) => l.text)).toEqual(['You swapped the 4 into row 2, column 2 for the 9 and cleared three 4s (column 2).']);
    expect(narrate(enT, v, log({ type: 'drew', player: 1, card: 7, pile: 'draw' }, { type: 'knocked', player: 2 }))[1]!.text).toBe('Cem knocked!');
  });

  it('counts the final reveals and explains the round: scores, bonus, the ender doubled', () => {
    const lines = narrate(
      enT,
      v,
      log(
        { type: 'round-ended', player: 1 },
        { type: 'final-revealed', card: 3, cell: '0a0' },
        { type: 'final-revealed', card: 5, cell: '2a0' },
        { type: 'round-scored', player: 0, display_half: -20, score_half: -20, penalised: false, empty_display: true },
        { type: 'round-scored', player: 1, display_half: 20, score_half: 40, penalised: true, empty_display: false },
      ),
    ).map((l) => l.text);
    expect(lines).toContain('The last 2 face-down cards are turned up; nothing is cleared any more.');
    expect(lines).toContain('End of round 1: every card is turned up.');
    expect(lines).toContain('Anna: cards -10, round score -10, total -10');
    expect(lines).toContain('You cleared the whole display: a bonus of -10 points.');
    expect(lines.at(-1)).toBe('Bea ended the round without the lowest score alone: 10 is doubled to 20.');
  });

  it('says what is decided now', () => {
    const view = { phase: 'knock-window', current_player: 2, active: 1, held: 7, round: 0 } as unknown as PublicView;
    expect(decision(enT, v, view, 0)).toBe('Bea drew the 7. Knock for it, or pass?');
    expect(decision(keyT, v, { ...view, phase: 'choose-line', current_player: 0 } as PublicView)).toMatch(/^status.line/);
  });

  it('names a legal action as its button does, in the page’s language (the hint too)', () => {
    const grids = Array.from({ length: 4 }, () => Array.from({ length: 12 }, () => ({ state: 'down' as const })));
    grids[0]![5] = { state: 'up', value: 9 } as never;
    const view = { phase: 'hold-drawn', held: 4, grids, draw_pile_size: 50, discard_pile: [7], clearer: null, shared_from: [3, 0, 1, 2] } as unknown as PublicView;
    expect(actionLabel(enT, v, view, 'swap 0b1', 0)).toBe('Swap into row 2, column 2 (now 9)');
    expect(actionLabel(enT, v, view, 'discard', 0)).toBe('Discard the 4');
    expect(actionLabel(deT, v, view, 'swap 0b1', 0)).toBe(deT('action.swap', { place: deT('place.cell', { row: 2, col: 2 }), card: '9' }));
    expect(actionLabel(deT, v, view, 'swap 0b1', 0)).not.toBe(actionLabel(enT, v, view, 'swap 0b1', 0));
    expect(actionLabel(deT, v, view, 'reveal 0a0', 0)).toContain(deT('card.face_down'));
    expect(actionLabel(enT, v, view, 'swap 3a3', 0)).toBe('Swap into Dan’s row 1, column 4 (now a face-down card)');
    expect(actionLabel(enT, v, view, 'give 2', 1)).toBe('Give it to Cem');
    expect(actionLabel(enT, v, view, 'clear col-2', 0)).toBe('Clear column 2');
    // Whose column 4 it is: the view's shared_from (here Dan's for Anna).
    expect(actionLabel(enT, v, view, 'clear col-0', 0)).toBe(`Clear ${enT('place.column_of', { target: 'other', owner: 'Dan' })}`);
    // The hint line in every language names the move in that language.
    for (const [lang, texts] of [['de', de], ['fr', fr], ['nl', nl], ['es', es]] as const) {
      const tr = tOf(lang, texts as Record<string, string>);
      const line = tr('web.table.hint_move', { move: actionLabel(tr, v, view, 'discard', 0) });
      expect(line, lang).toContain(tr('action.discard', { card: '4' }));
      expect(line, lang).not.toContain('Discard');
    }
  });

  it('says in the round label whether the round is over, in every language', () => {
    const view = { phase: 'hold-drawn', round: 0, ender: 2, options: { rounds: 2 } } as unknown as PublicView;
    expect(roundLabel(enT, view)).toBe('Round 1 of 2 · last turns');
    expect(roundLabel(enT, { ...view, phase: 'round-over' })).toBe('Round 1 of 2 · over');
    expect(roundLabel(enT, { ...view, phase: 'game-over' })).toBe('Round 1 of 2 · over');
    expect(roundLabel(enT, { ...view, ender: null })).toBe('Round 1 of 2');
    expect(roundLabel(deT, { ...view, phase: 'round-over' })).toBe('Durchgang 1 von 2 · beendet');
    for (const [lang, texts] of [['fr', fr], ['nl', nl], ['es', es]] as const) {
      const tr = tOf(lang, texts as Record<string, string>);
      expect(roundLabel(tr, { ...view, phase: 'round-over' }), lang).not.toContain(tr('table.final_round'));
    }
  });
});

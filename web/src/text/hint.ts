// The hint in words, in the page's language: the server sends the hint as data (the moves best
// first, each with its expected display score and a reason code with its cards and the unseen
// cards' mean; docs/protocol.md "hint"), and this words it with the same `hint.*` texts and
// arguments as the terminal's src/text/hint_text.cc, so both explain a hint the same way in
// every language (checked on tests/text/golden/narrator_fixtures.json). Pure: a translate
// function in, lines out.
import type { ServerMessage } from '../protocol/messages';
import type { Translate } from './narrator';

/** The hint reply as it is shown: the server's message without its envelope. */
export type HintData = Omit<Extract<ServerMessage, { type: 'hint' }>, 'type' | 'id'>;
type Reason = HintData['moves'][number]['reason'];

/** A card value as an argument (hint_text.cc card_text). */
const card = (v: number | undefined) => (v === undefined ? '' : String(v));
/** A number in points as the server rounded it; never "-0". */
const points = (v: number | undefined) => (v === undefined || v === 0 ? 0 : v);

/** The text key of each reason code (bots::HintReasonCode, snake_case on the wire). */
const REASON_KEYS: Record<string, string> = {
  clears: 'hint.why_clears',
  replace_down: 'hint.why_replace_down',
  replace: 'hint.why_replace',
  put: 'hint.why_put',
  put_unknown: 'hint.why_put_unknown',
  reveal: 'hint.why_reveal',
  discard: 'hint.why_discard',
  draw_pile: 'hint.why_draw_pile',
  draw_discard: 'hint.why_draw_discard',
  knock: 'hint.why_knock',
  pass: 'hint.why_pass',
  give: 'hint.why_give',
  refuse: 'hint.why_refuse',
  take: 'hint.why_take',
  take_down: 'hint.why_take_down',
  clear_line: 'hint.why_clear',
  leave_lines: 'hint.why_leave',
};

/** Why a move is worth what it is, in one sentence (hint_text.cc hint_reason_text); '' for an unknown code. */
export function hintReasonText(t: Translate, r: Reason): string {
  const key = REASON_KEYS[r.code];
  if (!key) return '';
  // Each code carries only the arguments its text uses; the others are absent (and unused).
  const arg = (name: 'card' | 'old' | 'mean') => {
    const v = (r as Record<string, unknown>)[name];
    return typeof v === 'number' ? v : undefined;
  };
  return t(key, { card: card(arg('card')), old: card(arg('old')), mean: points(arg('mean')) });
}

/** Only one move was legal: nothing was searched or compared. */
export function onlyMove(h: HintData): boolean {
  return h.moves.length === 1;
}

/**
 * The lines a person reads (hint_text.cc hint_lines): a title with the display's expected score
 * now, then each move named by `label` (as its button) with the expected score after it and,
 * indented, why; then, if the search's order is not that of the points, why the first still
 * comes first. The only legal move is one line.
 */
export function hintLines(t: Translate, h: HintData, label: (action: string) => string): string[] {
  if (h.moves.length === 0) return [];
  if (onlyMove(h)) return [t('hint.only', { move: label(h.moves[0]!.action) })];
  const out = [t('hint.title', { now: points(h.expected_now) })];
  h.moves.forEach((m, i) => {
    out.push(t('hint.move', { rank: i + 1, move: label(m.action), score: points(m.expected) }));
    out.push(`   ${hintReasonText(t, m.reason)}`);
  });
  if (h.order === 'equal_points') out.push(t('hint.equal'));
  if (h.order === 'search_prefers') out.push(t('hint.search_prefers'));
  return out;
}

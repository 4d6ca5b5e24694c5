// The status line of the table screen: what is decided now, from this page's side. It is
// narrator.ts's decision() (the terminal's words) for whoever decides, with the decider's own
// legal list, but for the knock window, where everybody eligible answers at once and nobody
// sees another's answer before it closes (docs/rules.md R7): the player who drew is told he is
// waiting for the knocks, a player who answered is told his own answer at once (the page
// remembers what it sent: the server tells nobody what was answered), and everybody else that
// the window is open. Pure (status.test.ts).
import type { PublicView, TableFrame } from '../protocol/view';
import { decision, type Translate, type Voices } from './narrator';

/** This page's answer in the open knock window (what it sent), or null. */
export type KnockAnswer = 'knock' | 'pass' | null;

export function tableStatus(t: Translate, v: Voices, view: PublicView, pending: TableFrame['pending'], answer: KnockAnswer = null): string {
  if (view.phase === 'round-over' || view.phase === 'game-over') return '';
  const you = v.you;
  const mine = you === null ? undefined : pending.find((x) => x.seat === you);
  const card = view.held === null ? '' : String(view.held);
  const active = v.names[view.active] ?? '';
  if (view.phase === 'knock-window' && !mine) {
    if (you !== null && answer !== null && you !== view.active) return t('web.table.you_answered', { answer, active, card });
    return t('web.table.knock_wait', { actor: you === view.active ? 'you' : 'other', active, card });
  }
  const decider = mine ? you : view.current_player;
  const legal = pending.find((x) => x.seat === decider)?.legal;
  return decision(t, v, view, decider, legal);
}

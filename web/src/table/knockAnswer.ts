// This page's own answer in the open knock window: the server keeps every answer sealed until
// the window closes (docs/rules.md R7), even from the one who gave it, so the page remembers what
// it sent, to say "You knocked" at once. It is forgotten when the window closes (the view's
// `knockers` then say who knocked) and belongs to one window (its decision number).
import { useState } from 'preact/hooks';
import type { PublicView, TableFrame } from '../protocol/view';
import type { KnockAnswer } from '../text/status';

interface Remembered {
  answer: 'knock' | 'pass';
  decision: number;
}

/** The answer still valid for this table, or null. */
export function currentAnswer(r: Remembered | null, view: PublicView, pending: TableFrame['pending']): KnockAnswer {
  if (!r || view.phase !== 'knock-window') return null;
  // Another window's seats are asked: this one has closed.
  if (pending.some((x) => x.knock_window && x.decision !== r.decision)) return null;
  return r.answer;
}

export function useKnockAnswer(view: PublicView, pending: TableFrame['pending']): [KnockAnswer, (action: string, p: { knock_window: boolean; decision: number } | undefined) => void] {
  const [r, setR] = useState<Remembered | null>(null);
  const note = (action: string, p: { knock_window: boolean; decision: number } | undefined) => {
    if (p?.knock_window && (action === 'knock' || action === 'pass')) setR({ answer: action, decision: p.decision });
  };
  return [currentAnswer(r, view, pending), note];
}

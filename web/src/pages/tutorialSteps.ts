// The tutorial's progress as pure functions of (lesson, steps done), for the page and its tests:
// the view to show, the events so far, the learner's pending decision (exactly the scripted
// action: nothing else is offered), and what the coach says. No rule is decided here: the
// views, events and actions are the server's (the engine replayed the script).
import type { LoggedEvent, Pending, PublicView } from '../protocol/view';
import type { TutorialFile, TutorialLesson, TutorialStep } from '../protocol/tutorial';

export interface Progress {
  lesson: number;
  done: number; // steps of the lesson applied
}

export type Coach =
  | { kind: 'do'; say: string; action: string } // the learner's move: what to do and why
  | { kind: 'watch' } // the other players' scripted moves play by themselves
  | { kind: 'lesson-end'; say: string | null; last: boolean };

export function lessonAt(file: TutorialFile, p: Progress): TutorialLesson {
  return file.lessons[p.lesson]!;
}

export function viewAt(lesson: TutorialLesson, done: number): PublicView {
  return done === 0 ? lesson.initial : lesson.steps[done - 1]!.view;
}

export function nextStep(lesson: TutorialLesson, done: number): TutorialStep | null {
  return lesson.steps[done] ?? null;
}

export function coachAt(file: TutorialFile, p: Progress): Coach {
  const lesson = lessonAt(file, p);
  const next = nextStep(lesson, p.done);
  if (!next) return { kind: 'lesson-end', say: lesson.end, last: p.lesson + 1 >= file.lessons.length };
  if (next.seat === file.learner) return { kind: 'do', say: next.say ?? lesson.title, action: next.action };
  return { kind: 'watch' };
}

/** The learner's decision now: one pending entry whose only legal action is the scripted one. */
export function pendingAt(file: TutorialFile, p: Progress): Pending[] {
  const lesson = lessonAt(file, p);
  const next = nextStep(lesson, p.done);
  if (!next || next.seat !== file.learner) return [];
  const view = viewAt(lesson, p.done);
  return [{ seat: file.learner, legal: [next.action], in_ms: null, knock_window: view.phase === 'knock-window', decision: p.done }];
}

export function eventsAt(lesson: TutorialLesson, done: number): LoggedEvent[] {
  const out: LoggedEvent[] = [];
  for (let k = 0; k < done; k++) for (const event of lesson.steps[k]!.events) out.push({ seq: k + 1, event });
  return out;
}

/** The learner's action: the next step if it is the scripted one, else the same progress. */
export function afterAct(file: TutorialFile, p: Progress, action: string): Progress {
  const next = nextStep(lessonAt(file, p), p.done);
  return next && next.seat === file.learner && next.action === action ? { ...p, done: p.done + 1 } : p;
}

/** The other players' scripted step plays by itself. */
export function afterScripted(file: TutorialFile, p: Progress): Progress {
  const next = nextStep(lessonAt(file, p), p.done);
  return next && next.seat !== file.learner ? { ...p, done: p.done + 1 } : p;
}

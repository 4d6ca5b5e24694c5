// The tutorial's progress: the learner is offered exactly the scripted action and nothing
// else, a wrong action changes nothing, the others' steps play by themselves, and a lesson's
// end says so (the last one too).
import { describe, expect, it } from 'vitest';
import type { PublicView } from '../protocol/view';
import type { TutorialFile } from '../protocol/tutorial';
import { afterAct, afterScripted, coachAt, eventsAt, pendingAt, viewAt } from './tutorialSteps';

const view = (phase: string) => ({ phase }) as unknown as PublicView;
const file: TutorialFile = {
  format: 1,
  learner: 0,
  names: [null, 'Lena', 'Max'],
  options: {} as TutorialFile['options'],
  lessons: [
    {
      id: 'a',
      title: 'tutorial.a.title',
      intro: null,
      end: 'tutorial.a.end',
      initial: view('choose-draw'),
      steps: [
        { seat: 0, action: 'draw', say: 'tutorial.a.draw', events: [{ type: 'drew' } as never], view: view('knock-window') },
        { seat: 1, action: 'knock', say: null, events: [], view: view('knock-window') },
        { seat: 0, action: 'pass', say: 'tutorial.a.pass', events: [{ type: 'passed' } as never], view: view('hold-drawn') },
      ],
    },
    { id: 'b', title: 'tutorial.b.title', intro: null, end: null, initial: view('choose-draw'), steps: [] },
  ],
};

describe('tutorial steps', () => {
  it('offers the learner exactly the scripted action', () => {
    expect(coachAt(file, { lesson: 0, done: 0 })).toEqual({ kind: 'do', say: 'tutorial.a.draw', action: 'draw' });
    expect(pendingAt(file, { lesson: 0, done: 0 })).toEqual([{ seat: 0, legal: ['draw'], in_ms: null, knock_window: false, decision: 0 }]);
    expect(pendingAt(file, { lesson: 0, done: 2 })[0]).toMatchObject({ legal: ['pass'], knock_window: true });
  });
  it('ignores any other action, and plays the others’ steps by themselves', () => {
    expect(afterAct(file, { lesson: 0, done: 0 }, 'draw-discard')).toEqual({ lesson: 0, done: 0 });
    expect(afterAct(file, { lesson: 0, done: 0 }, 'draw')).toEqual({ lesson: 0, done: 1 });
    expect(coachAt(file, { lesson: 0, done: 1 })).toEqual({ kind: 'watch' });
    expect(pendingAt(file, { lesson: 0, done: 1 })).toEqual([]);
    expect(afterAct(file, { lesson: 0, done: 1 }, 'knock')).toEqual({ lesson: 0, done: 1 });
    expect(afterScripted(file, { lesson: 0, done: 1 })).toEqual({ lesson: 0, done: 2 });
    expect(afterScripted(file, { lesson: 0, done: 2 })).toEqual({ lesson: 0, done: 2 });
  });
  it('shows the view and the events after the steps done', () => {
    expect(viewAt(file.lessons[0]!, 0).phase).toBe('choose-draw');
    expect(viewAt(file.lessons[0]!, 3).phase).toBe('hold-drawn');
    expect(eventsAt(file.lessons[0]!, 3).map((e) => e.seq)).toEqual([1, 3]);
  });
  it('ends each lesson, and says when it is the last', () => {
    expect(coachAt(file, { lesson: 0, done: 3 })).toEqual({ kind: 'lesson-end', say: 'tutorial.a.end', last: false });
    expect(coachAt(file, { lesson: 1, done: 0 })).toEqual({ kind: 'lesson-end', say: null, last: true });
  });
});

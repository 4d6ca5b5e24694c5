// The tutorial as the server sends it: `GET /tutorial.json` (docs/tutorial-format.md). Every
// view and event comes from the engine, which replayed the script; the client only shows them
// and offers the learner the one scripted action of his next step.
import type { Options, PublicView, TableEvent } from './view';

export interface TutorialFile {
  format: number;
  /** The learner's seat (0). */
  learner: number;
  /** The players' names by seat; null for the learner (the page names him). */
  names: (string | null)[];
  options: Options;
  lessons: TutorialLesson[];
}

export interface TutorialLesson {
  id: string;
  /** data/lang keys. */
  title: string;
  intro: string | null;
  end: string | null;
  initial: PublicView;
  steps: TutorialStep[];
}

export interface TutorialStep {
  seat: number;
  /** The action text, as in `act` (docs/protocol.md). */
  action: string;
  /** The data/lang key of what to do and why (every learner step has one). */
  say: string | null;
  events: TableEvent[];
  view: PublicView;
}

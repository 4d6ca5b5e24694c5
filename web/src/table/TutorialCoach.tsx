// The tutorial's coach: which lesson this is, and now what to do and why (the learner's
// turn), or that the others are playing, or what the lesson showed and the way on. It sits
// above the table and stays in view (sticky), so a phone player always reads it.
import type { TutorialFile } from '../protocol/tutorial';
import type { Translate } from '../text/narrator';
import type { Coach, Progress } from '../pages/tutorialSteps';
import { onLinkClick } from '../app/router';

export function TutorialCoach(p: { t: Translate; file: TutorialFile; at: Progress; coach: Coach; onNextLesson: () => void }) {
  const { t, file, at, coach } = p;
  const lesson = file.lessons[at.lesson]!;
  const heading = t('web.tutorial.lesson', { number: at.lesson + 1, total: file.lessons.length, title: t(lesson.title) });
  return (
    <section class="tutorial-coach" aria-labelledby="tutorial-h" data-lesson={lesson.id} data-step={at.done} data-coach={coach.kind} data-expect={coach.kind === 'do' ? coach.action : undefined} data-say={coach.kind === 'watch' ? undefined : (coach.say ?? undefined)}>
      <h1 id="tutorial-h" class="tutorial-title">
        {heading}
      </h1>
      {at.done === 0 && lesson.intro && <p class="tutorial-intro">{t(lesson.intro)}</p>}
      <div class="tutorial-say" aria-live="polite">
        {coach.kind === 'do' && <p class="tutorial-do">{t(coach.say)}</p>}
        {coach.kind === 'watch' && <p class="muted">{t('web.tutorial.watch')}</p>}
        {coach.kind === 'lesson-end' && (
          <>
            {coach.say && <p class="tutorial-do">{t(coach.say)}</p>}
            {coach.last ? (
              <>
                <p class="tutorial-done">{t('web.tutorial.done')}</p>
                <a class="button primary" href="/" onClick={(e) => onLinkClick(e, '/')}>
                  {t('web.tutorial.play')}
                </a>
              </>
            ) : (
              <button type="button" class="primary tutorial-next" onClick={p.onNextLesson} autoFocus>
                {t('web.tutorial.next_lesson')}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

// The one-screen "how to play" at the top of the rules page: six points in the rulebook's
// terms, and the way to the tutorial. The sections below it keep the full text and pictures.
import type { Translate } from '../text/narrator';
import { onLinkClick } from '../app/router';
import './tutorial.css';

const POINTS = ['web.rules.summary_goal', 'web.rules.summary_display', 'web.rules.summary_turn', 'web.rules.summary_knock', 'web.rules.summary_clear', 'web.rules.summary_end'];

export function RulesSummary(p: { t: Translate }) {
  const { t } = p;
  return (
    <section class="rules-summary" aria-labelledby="rules-summary-h">
      <h2 id="rules-summary-h">{t('web.rules.summary_title')}</h2>
      <ol>
        {POINTS.map((k) => (
          <li key={k}>{t(k)}</li>
        ))}
      </ol>
      <p>
        <a href="/tutorial" onClick={(e) => onLinkClick(e, '/tutorial')}>
          {t('web.rules.tutorial')}
        </a>
      </p>
    </section>
  );
}

// The tutorial on the start page: a link for everyone, and for a first-time visitor (no name
// chosen yet, the tutorial never opened or declined) an offer to start it.
import { useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { onLinkClick } from '../app/router';
import { storage } from '../net/storage';
import './tutorial.css';

const SEEN = 'allegra.tutorial';

export function markTutorialSeen(): void {
  try {
    localStorage.setItem(SEEN, '1');
  } catch {
    /* storage disabled: the offer shows again next time */
  }
}

function firstVisit(): boolean {
  try {
    return localStorage.getItem(SEEN) === null && storage.name() === '';
  } catch {
    return false;
  }
}

export function TutorialOffer() {
  const t = useT();
  const [offer, setOffer] = useState(firstVisit);
  if (!offer)
    return (
      <a href="/tutorial" class="tutorial-link" onClick={(e) => onLinkClick(e, '/tutorial')}>
        {t('web.tutorial.home_link')}
      </a>
    );
  return (
    <span class="tutorial-offer" role="note">
      <span>{t('web.tutorial.offer')}</span>{' '}
      <a href="/tutorial" class="button primary" onClick={(e) => onLinkClick(e, '/tutorial')}>
        {t('web.tutorial.start')}
      </a>{' '}
      <button
        type="button"
        class="link"
        onClick={() => {
          markTutorialSeen();
          setOffer(false);
        }}
      >
        {t('web.tutorial.dismiss')}
      </button>
    </span>
  );
}

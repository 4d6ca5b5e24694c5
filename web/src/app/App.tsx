// The page frame: a header (the game's name, the rules, the language chooser), a banner while
// the connection is down or a request was refused, and the page of the current route.
import { lazy, Suspense } from 'preact/compat';
import { useEffect } from 'preact/hooks';
import { useRoute, onLinkClick } from './router';
import { useT } from '../i18n/context';
import { problemText } from './errors';
import { useSession } from '../net/session';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';
import { SoundToggle, useTableCues } from './SoundToggle';
import { useBrowserOnline } from './useBrowserOnline';
import './offline.css';
import { Home } from '../pages/Home';
import { MeLink } from '../players/MeLink';
import { InvitationBanner } from '../players/InvitationBanner';
import { TablePage } from '../pages/TablePage';

const Replay = lazy(() => import('../pages/Replay').then((m) => ({ default: m.Replay })));
const Review = lazy(() => import('../pages/Review').then((m) => ({ default: m.Review })));
const Rules = lazy(() => import('../pages/Rules').then((m) => ({ default: m.Rules })));
const Tutorial = lazy(() => import('../pages/Tutorial').then((m) => ({ default: m.Tutorial })));
const MePage = lazy(() => import('../players/MePage').then((m) => ({ default: m.MePage })));
const PlayerPage = lazy(() => import('../players/PlayerPage').then((m) => ({ default: m.PlayerPage })));
const Leaderboard = lazy(() => import('../players/Leaderboard').then((m) => ({ default: m.Leaderboard })));

export function App() {
  const route = useRoute();
  const t = useT();
  const lost = useLinkLost();
  useTableCues();
  const atTable = useSession().table !== null;
  let page;
  switch (route.page) {
    case 'home':
      page = <Home />;
      break;
    case 'table':
      page = <TablePage code={route.code} />;
      break;
    case 'replay':
      page = <Replay game={route.game} />;
      break;
    case 'review':
      page = <Review game={route.game} />;
      break;
    case 'rules':
      page = <Rules lang={route.lang} />;
      break;
    case 'tutorial':
      page = <Tutorial />;
      break;
    case 'me':
      page = <MePage />;
      break;
    case 'player':
      page = <PlayerPage id={route.id} />;
      break;
    case 'leaderboard':
      page = <Leaderboard />;
      break;
    default:
      page = (
        <div class="page narrow">
          <p>{t('web.app.not_found')}</p>
        </div>
      );
  }
  return (
    <div class={`app page-${route.page}${lost ? ' link-lost' : ''}`}>
      <a class="skip" href="#main">
        {t('web.app.skip')}
      </a>
      <header class="app-header">
        <a class="brand" href="/" onClick={(e) => onLinkClick(e, '/')}>
          ALLEGRA
        </a>
        <nav aria-label={t('web.app.nav')}>
          <MeLink />
          <a href="/rules" onClick={(e) => onLinkClick(e, '/rules')}>
            {t('web.app.rules')}
          </a>
          <LanguageSelect />
          <ThemeToggle />
          <SoundToggle />
        </nav>
      </header>
      <Banner />
      <InvitationBanner />
      <main id="main" inert={lost && atTable}>
        <Suspense fallback={<p class="muted page narrow">…</p>}>{page}</Suspense>
      </main>
    </div>
  );
}

/** The connection is lost: the socket closed (or its ping timed out), or the browser is offline. */
function useLinkLost(): boolean {
  const s = useSession();
  const online = useBrowserOnline();
  return s.status === 'offline' || !online;
}

function Banner() {
  const s = useSession();
  const t = useT();
  const offline = useLinkLost();
  const problem = s.problem;
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => s.problem === problem && s.clearProblem(), 8000);
    return () => clearTimeout(timer);
  }, [problem]);
  return (
    <div class="banner-area" aria-live="polite">
      {offline && <div class="banner offline">{s.table ? t('web.app.offline') : t('web.app.offline_home')}</div>}
      {s.problem && !offline && s.problem.code !== 'offline' && (
        <div class="banner problem" role="alert">
          <span>{problemText(t, s.problem.code, s.problem.message)}</span>
          <button type="button" class="link" onClick={() => s.clearProblem()} aria-label={t('web.app.dismiss')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

// The page frame: a header (name of the game, link to the rules, language chooser) and the
// page of the current route.
import { useRoute, onLinkClick } from './router';
import { useT } from '../i18n/context';
import { LanguageSelect } from './LanguageSelect';

export function App() {
  const route = useRoute();
  const t = useT();
  let page;
  switch (route.page) {
    case 'home':
      page = <p>ALLEGRA</p>;
      break;
    case 'table':
      page = <p>{route.code}</p>;
      break;
    case 'replay':
      page = <p>{route.game}</p>;
      break;
    case 'rules':
      page = <p>rules</p>;
      break;
    default:
      page = <p>{t('web.app.not_found')}</p>;
  }
  return (
    <div class="app">
      <header class="app-header">
        <a class="brand" href="/" onClick={(e) => onLinkClick(e, '/')}>
          ALLEGRA
        </a>
        <nav>
          <a href="/rules" onClick={(e) => onLinkClick(e, '/rules')}>
            {t('web.app.rules')}
          </a>
          <LanguageSelect />
        </nav>
      </header>
      <main id="main">{page}</main>
    </div>
  );
}

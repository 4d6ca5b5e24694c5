// Entry point: pick the language (stored, else the browser's, else English), load its texts,
// then render the app. Everything else is in src/app (routes, pages) and src/table (the game).
import { render } from 'preact';
import { App } from './app/App';
import { LangProvider } from './i18n/context';
import { Translator, initialLang, loadMessages, storedLang } from './i18n/i18n';
import './app/app.css';
import { registerServiceWorker } from './app/serviceWorker';
import './app/theme.css';
import { applyTheme, storedTheme } from './app/theme';
import { me } from './players/me';

async function boot(): Promise<void> {
  try {
    applyTheme(storedTheme(localStorage), document.documentElement);
  } catch {
    // storage blocked: follow the device
  }
  const lang = initialLang(storedLang(), navigator.languages ?? [navigator.language]);
  // Who this browser is (a first visit: a new guest and its cookie), before the page opens its
  // socket, which the server ties to the cookie's player at the upgrade (at most 1.5 s).
  // Offline (the service worker's shell) it asks when the network is back, without waiting.
  const asked = me.load();
  const [messages] = await Promise.all([loadMessages(lang), navigator.onLine ? Promise.race([asked, new Promise((r) => setTimeout(r, 1500))]) : null]);
  const tr = new Translator(lang, messages);
  const root = document.getElementById('app');
  if (!root) throw new Error('index.html has no #app');
  render(
    <LangProvider initial={tr}>
      <App />
    </LangProvider>,
    root,
  );
}

void boot();
registerServiceWorker(navigator, import.meta.env.PROD);

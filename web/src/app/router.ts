// The client's routes (the server serves index.html on each of these paths with `--web`):
//   /            home: name, language, create or join a table
//   /t/CODE      a table (lobby, game, game end)
//   /games/ID    the replay of a finished game
//   /games/ID/review  its review (pages/Review.tsx)
//   /rules       the rules in the page's language; /rules/LANG in a given one
//   /tutorial    the first game that teaches (pages/Tutorial.tsx)
//   /me          the account of this browser's player (pages/MePage.tsx)
//   /players/ID  a player's profile and games (pages/PlayerPage.tsx)
//   /leaderboard the leaderboards (pages/Leaderboard.tsx)
// A tiny history router: parse a path to a Route; navigate() pushes and notifies.
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'home' }
  | { page: 'table'; code: string }
  | { page: 'replay'; game: string }
  | { page: 'review'; game: string }
  | { page: 'rules'; lang: string | null }
  | { page: 'tutorial' }
  | { page: 'me' }
  | { page: 'player'; id: number }
  | { page: 'leaderboard' }
  | { page: 'missing'; path: string };

const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter((p) => p !== '');
  if (parts.length === 0) return { page: 'home' };
  const [head, arg, ...rest] = parts;
  if (head === 'games' && arg !== undefined && rest.length === 1 && rest[0] === 'review' && /^[A-Za-z0-9]{6}-[0-9]+$/.test(arg)) return { page: 'review', game: arg.toUpperCase() };
  if (rest.length === 0) {
    if (head === 't' && arg !== undefined && CODE.test(arg.toUpperCase())) return { page: 'table', code: arg.toUpperCase() };
    if (head === 'games' && arg !== undefined && /^[A-Za-z0-9]{6}-[0-9]+$/.test(arg)) return { page: 'replay', game: arg.toUpperCase() };
    if (head === 'rules') return { page: 'rules', lang: arg ?? null };
    if (head === 'tutorial' && arg === undefined) return { page: 'tutorial' };
    if (head === 'me' && arg === undefined) return { page: 'me' };
    if (head === 'players' && arg !== undefined && /^[1-9][0-9]{0,15}$/.test(arg)) return { page: 'player', id: Number(arg) };
    if (head === 'leaderboard' && arg === undefined) return { page: 'leaderboard' };
  }
  return { page: 'missing', path: pathname };
}

export function isTableCode(s: string): boolean {
  return CODE.test(s.trim().toUpperCase());
}

const listeners = new Set<() => void>();

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}

/** An in-app link: a real <a href> (open in new tab works) whose plain click navigates without reload. */
export function onLinkClick(e: MouseEvent, path: string): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(path);
}

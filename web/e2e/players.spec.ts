// The players' pages (issue 29 §3) against a real `allegra serve`: the header's "Guest N", the
// account page (claim the guest as an account, a refused name and a wrong password worded,
// sign out, sign in), a profile with its history (a game stored for this player) and the
// leaderboard's tabs; at a phone's size (390x844, touch) and at a desktop's. The HTTP answers
// are checked against the client's hand-written types (src/players/apiTypes.ts) on the way.
// Screenshots: test-results/players-*.png (docs/ with ALLEGRA_DOCS_SHOTS=1).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible } from './helpers';

const shotsToDocs = process.env.ALLEGRA_DOCS_SHOTS === '1';

/** The two that docs/web.md shows go to docs/ with ALLEGRA_DOCS_SHOTS=1. */
const DOCS_SHOTS = new Set(['me-guest-phone', 'profile-desktop']);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/players-${name}.png` });
  if (shotsToDocs && DOCS_SHOTS.has(name)) await page.screenshot({ path: `../docs/web-${name}.png` });
}

/** Every key of `want` is in `got` with the same JSON type (null allowed where `want` is null). */
function sameShape(got: unknown, want: unknown, where = '$'): string[] {
  if (want === null) return [];
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) return [`${where}: not an array`];
    return got.length > 0 && want.length > 0 ? sameShape(got[0], want[0], `${where}[0]`) : [];
  }
  if (typeof want === 'object') {
    if (typeof got !== 'object' || got === null) return [`${where}: not an object`];
    return Object.entries(want as Record<string, unknown>).flatMap(([k, v]) =>
      k in (got as object) ? sameShape((got as Record<string, unknown>)[k], v, `${where}.${k}`) : [`${where}.${k}: missing`],
    );
  }
  return typeof got === typeof want ? [] : [`${where}: ${typeof got}, not ${typeof want}`];
}

const SUMMARY = { id: 1, name: null, guest: true, deleted: false, rating: { display: 1, provisional: true, games: 0 } };

async function getJson(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (p) => {
    const r = await fetch(p);
    return { status: r.status, body: await r.json().catch(() => null) };
  }, path);
}

/** The server has the profile and leaderboard endpoints (the players API of issue 29 §3). */
async function hasPlayersApi(page: Page): Promise<boolean> {
  return (await getJson(page, '/api/leaderboard?players=0')).status === 200;
}

/**
 * A finished game with this browser's player in seat 1 (from the page, as any client could):
 * create with a person and a bot, sit, start, then close the socket: the person is gone, and
 * with no grace the zombie bot plays his seat (still his) to the end at once. Returns the game
 * id once the player's history has it.
 */
async function gameAsPerson(page: Page, id: number): Promise<string> {
  const code = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        const send = (m: object) => ws.send(JSON.stringify(m));
        let code = '';
        ws.onopen = () => {
          send({ type: 'hello', version: 1, name: 'Anna' });
          send({ type: 'create', id: 1, options: { players: 2, rounds: 1 }, seats: ['person', 'bot:easy'], public: false, grace_s: 0 });
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data as string);
          if (m.type === 'error') reject(new Error(`${m.code}: ${m.message}`));
          if (m.type === 'created') {
            code = m.code;
            send({ type: 'sit', id: 2, seat: 0, name: 'Anna' });
          }
          if (m.type === 'seated') send({ type: 'start' });
          if (m.type === 'update' && m.table?.status === 'playing') {
            ws.close();
            resolve(code);
          }
        };
      }),
  );
  return untilInHistory(page, id, `${code}-1`);
}

/** Waits (at most 30 s) until the player's history lists `game`; returns it. */
async function untilInHistory(page: Page, id: number, game: string): Promise<string> {
  await expect
    .poll(async () => JSON.stringify((await getJson(page, `/api/players/${id}/games`)).body), { timeout: 30_000 })
    .toContain(`"${game}"`);
  return game;
}

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`players at ${size} size`, () => {
    if (size === 'phone') test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    else test.use({ viewport: { width: 1280, height: 800 } });

    test('the guest claims an account, signs out and in again, deletes it', async ({ page, server, consoleWatch }) => {
      // The refused requests below are answered with 4xx: the browser logs each failed fetch.
      consoleWatch.allow.push(/Failed to load resource: the server responded with a status of 40[01]/);
      await page.goto(`${server.url}/me`);
      const meLink = page.locator('header .me-link .me-name');
      await expect(meLink).toHaveText(/Guest \d+/);
      const guest = (await meLink.textContent())!.trim();
      const me = await getJson(page, '/api/me');
      expect(sameShape(me.body, { player: { id: 1, guest: true, name: null, created: 1, rating: { mu: 1, sigma: 1, rated_games: 1, display: 1, provisional: true } } })).toEqual([]);
      await expect(page.getByRole('heading', { name: 'Keep your games: create an account' })).toBeVisible();
      await shot(page, `me-guest-${size}`);
      if (size === 'phone') await expectAccessible(page, 'the account page');

      // A reserved name: refused, in the page's words for the server's `reason` (not its English message).
      await page.locator('#claim-name').fill('admin');
      await page.locator('#claim-password').fill('correct horse');
      await page.locator('form.claim button[type=submit]').click();
      await expect(page.locator('form.claim .said.bad')).toHaveText('That name is reserved (like “admin”, “Guest 12” or a bot’s name). Choose another.');
      // A good one: the header names the account.
      const name = `Anna${size === 'phone' ? 'P' : 'D'}`;
      await page.locator('#claim-name').fill(name);
      await page.locator('form.claim button[type=submit]').click();
      await expect(meLink).toHaveText(name);
      await expect(page.getByText(`You are signed in as ${name}.`)).toBeVisible();
      await shot(page, `me-account-${size}`);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(meLink).toHaveText(/Guest \d+/);
      expect((await meLink.textContent())!.trim()).not.toBe(guest);
      // A wrong password: the server's 401, worded.
      await page.locator('#login-name').fill(name);
      await page.locator('#login-password').fill('wrong password');
      await page.locator('form.login button[type=submit]').click();
      await expect(page.locator('form.login .said.bad')).toHaveText('Wrong user name or password.');
      await page.locator('#login-password').fill('correct horse');
      await page.locator('form.login button[type=submit]').click();
      await expect(meLink).toHaveText(name);
      // The cookie lasts: a reload is still the account.
      await page.reload();
      await expect(meLink).toHaveText(name);
      // Delete, with a second step that asks for the password: a new guest.
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await page.locator('#del-password').fill('correct horse');
      await page.getByRole('button', { name: 'Yes, delete it for good' }).click();
      await expect(page.getByText('The account is deleted. You play as a new guest now.')).toBeVisible();
      await expect(meLink).toHaveText(/Guest \d+/);
      // Closed before the server stops: its shutdown must not reach the page as a refused reconnect.
      await page.close();
    });

    test('a rated table from the home page: people only, the standard rules, leaving said before the start', async ({ page, server }) => {
      await page.goto(`${server.url}/`);
      await page.locator('#player-name').fill('Anna');
      await page.locator('.segmented label', { hasText: '3' }).click();
      // In the table options (the start button stays above the fold).
      await page.locator('details.options summary', { hasText: 'Table settings' }).click();
      const rated = page.locator('#opt-rated');
      await rated.check();
      // The seats (all people) and the rule options are not offered; the checkbox says why.
      await expect(page.locator('.seat-list')).toBeHidden();
      await expect(page.getByText('Rule options')).toBeHidden();
      await expect(page.locator('#opt-rated-x')).toContainText('Leaving counts as a loss');
      await shot(page, `home-rated-${size}`);
      await page.locator('form.create button[type=submit]').click();
      await expect(page).toHaveURL(/\/t\/[A-Z0-9]{6}$/);
      // The table's lobby: rated, the leaving rule before the start, two seats left for people (no bots offered).
      await expect(page.locator('.rated-leave')).toHaveText(/Leaving counts as a loss/);
      await expect(page.getByText('2 seats are still free: a rated game waits for people to sit there.')).toBeVisible();
      await expect(page.locator('.seat-list select, .lobby select')).toHaveCount(0);
      await shot(page, `lobby-rated-${size}`);
    });

    test('a profile with its history, and the leaderboard', async ({ page, server, consoleWatch }) => {
      // The 400 and 404 asked for below: the browser logs each failed fetch.
      consoleWatch.allow.push(/Failed to load resource: the server responded with a status of 40[04]/);
      await page.goto(`${server.url}/me`);
      await expect(page.locator('header .me-link .me-name')).toHaveText(/Guest \d+/);
      test.skip(!(await hasPlayersApi(page)), 'this server has no players API yet (issue 29 §3, branch playersapi)');
      const id = ((await getJson(page, '/api/me')).body as { player: { id: number } }).player.id;
      const game = await gameAsPerson(page, id);

      const profile = await getJson(page, `/api/players/${id}`);
      expect(profile.status).toBe(200);
      expect(
        sameShape(profile.body, {
          profile: {
            player: SUMMARY,
            created_ms: 1,
            stats: { games: 1, rated_games: 1, wins: 1, rounds: 1, average_round_half: null, best_round_half: null },
            rating_history: [{ game: 'x', at_ms: 1, before: 1, after: 1 }],
            favourite_opponents: [{ player: SUMMARY, games: 1 }],
            count_ratings: [{ players: 2, display: 1, provisional: true, games: 1 }],
          },
        }),
      ).toEqual([]);
      const games = await getJson(page, `/api/players/${id}/games?limit=5`);
      expect(
        sameShape(games.body, {
          games: [{ id: 'x', finished_ms: 1, players: 2, seat: 0, place: 1, total_half: 1, rounds: 1, rated: false, rating: null, opponents: [{ seat: 1, player: null, name: 'x', bot: true }] }],
          next_before: null,
        }),
      ).toEqual([]);
      expect((await getJson(page, `/api/players/${id}/games?limit=0`)).status).toBe(400);
      expect((await getJson(page, '/api/players/999999')).status).toBe(404);

      await page.locator('header .me-link').click();
      await page.getByRole('link', { name: 'Your profile and games' }).click();
      await expect(page).toHaveURL(new RegExp(`/players/${id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Guest \d+/);
      const item = page.locator('.game-item').first();
      await expect(item).toContainText('Place');
      await expect(item.locator('.bot-name')).toHaveText(/^Bot \d$/);
      await expect(item.getByRole('link', { name: 'Replay' })).toHaveAttribute('href', `/games/${game}`);
      await expect(item.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/games/${game}.jsonl`);
      await expect(item.getByRole('link', { name: 'Review' })).toHaveAttribute('href', `/games/${game}/review`);
      await expect(item.getByRole('button', { name: 'Play again with the same people' })).toBeVisible();
      await shot(page, `profile-${size}`);
      if (size === 'phone') await expectAccessible(page, 'the profile');

      // The link is shareable: another browser opens the same page.
      const other = await page.context().browser()!.newPage();
      await other.goto(`${server.url}/players/${id}`);
      await expect(other.locator('.game-item')).toHaveCount(1);
      await expect(other.locator('.game-item').getByRole('button', { name: 'Play again with the same people' })).toHaveCount(0);
      await other.close();

      // Replay opens the replay viewer.
      await item.getByRole('link', { name: 'Replay' }).click();
      await expect(page).toHaveURL(new RegExp(`/games/${game}$`));

      await page.goto(`${server.url}/leaderboard`);
      const board = await getJson(page, '/api/leaderboard?players=0&limit=100');
      expect(sameShape(board.body, { leaderboard: { players: 0, total: 0, offset: 0, rows: [], me: null, around_me: [] } })).toEqual([]);
      await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
      await expect(page.getByText('Nobody is on this leaderboard yet.')).toBeVisible();
      await page.getByRole('button', { name: '4 players' }).click();
      await expect(page).toHaveURL(/\/leaderboard\?players=4$/);
      await expect(page.getByRole('button', { name: '4 players' })).toHaveAttribute('aria-pressed', 'true');
      await shot(page, `leaderboard-${size}`);
      if (size === 'phone') await expectAccessible(page, 'the leaderboard');
      await page.close();
    });
  });
}

/** In the page: a raw socket (it carries the page's cookie) that sends `first` and collects every message. */
async function openSocket(page: Page, first: object[]): Promise<void> {
  await page.evaluate((first) => {
    const w = window as unknown as { __sock: WebSocket; __got: { type: string; [k: string]: unknown }[] };
    w.__got = [];
    w.__sock = new WebSocket(`ws://${location.host}/ws`);
    w.__sock.onopen = () => {
      w.__sock.send(JSON.stringify({ type: 'hello', version: 1, name: 'Sock' }));
      for (const m of first) w.__sock.send(JSON.stringify(m));
    };
    w.__sock.onmessage = (e) => w.__got.push(JSON.parse(e.data as string));
  }, first);
}

async function sendOn(page: Page, m: object): Promise<void> {
  await page.evaluate((m) => (window as unknown as { __sock: WebSocket }).__sock.send(JSON.stringify(m)), m);
}

/** The first message of the page's raw socket that `pred` (its source) accepts, within 20 s. */
async function received(page: Page, pred: string): Promise<Record<string, unknown>> {
  const h = await page.waitForFunction(
    (pred) => (window as unknown as { __got: object[] }).__got.find(new Function('m', `return ${pred}`) as (m: object) => boolean),
    pred,
    { timeout: 20_000 },
  );
  return (await h.jsonValue()) as Record<string, unknown>;
}

async function myId(page: Page): Promise<number> {
  return ((await getJson(page, '/api/me')).body as { player: { id: number } }).player.id;
}

test.describe('players between two browsers', () => {
  test('an invitation to play again: the banner, Join', async ({ page, server, browser }) => {
    await page.goto(`${server.url}/`);
    await expect(page.locator('header .me-link .me-name')).toHaveText(/Guest \d+/);
    const b = await (await browser.newContext()).newPage();
    // B's page has its socket open (the server's welcome came) before A invites.
    const socket = b.waitForEvent('websocket');
    await b.goto(`${server.url}/me`);
    await (await socket).waitForEvent('framereceived');
    await expect(b.locator('header .me-link .me-name')).toHaveText(/Guest \d+/);
    const bId = await myId(b);
    await openSocket(page, [{ type: 'create', id: 1, options: { players: 2, rounds: 1 }, seats: ['person', 'person'], public: false, invite: [bId] }]);
    const reply = await received(page, "m.type === 'created' || m.type === 'error'");
    test.skip(reply.type === 'error', `this server has no invitations yet (${String(reply.message)})`);
    const banner = b.locator('.banner.invitation');
    await expect(banner).toContainText(/Guest \d+ invites you to play again\./);
    await banner.getByRole('button', { name: 'Join' }).click();
    await expect(b).toHaveURL(new RegExp(`/t/${String(reply.code)}$`));
    await expect(banner).toHaveCount(0);
    await b.context().close();
    await page.close();
  });

  test('the game end of a rated game shows each seat’s rating change', async ({ page, server, browser, consoleWatch }) => {
    consoleWatch.allow.push(/Failed to load resource: the server responded with a status of 404/);
    await page.goto(`${server.url}/me`);
    await expect(page.locator('header .me-link .me-name')).toHaveText(/Guest \d+/);
    test.skip(!(await hasPlayersApi(page)), 'this server has no players API yet');
    const b = await (await browser.newContext()).newPage();
    await b.goto(`${server.url}/me`);
    await expect(b.locator('header .me-link .me-name')).toHaveText(/Guest \d+/);
    // Two people at a rated table; both go once it is dealt: the zombie bot plays their seats
    // (still theirs) to the end at once (grace 0), and the game is rated.
    await openSocket(page, [{ type: 'create', id: 1, options: { players: 2 }, seats: ['person', 'person'], public: false, rated: true, grace_s: 0, sit: 0 }]);
    const created = await received(page, "m.type === 'created' || m.type === 'error'");
    expect(created.type, JSON.stringify(created)).toBe('created');
    await openSocket(b, [{ type: 'join', id: 1, code: created.code }, { type: 'sit', id: 2, seat: 1, name: 'Bea' }]);
    await received(b, "m.type === 'seated'");
    await sendOn(page, { type: 'start' });
    await received(page, "m.type === 'update' && m.table && m.table.status === 'playing'");
    await page.evaluate(() => (window as unknown as { __sock: WebSocket }).__sock.close());
    await b.evaluate(() => (window as unknown as { __sock: WebSocket }).__sock.close());
    await untilInHistory(page, await myId(page), `${String(created.code)}-1`);
    // A server without TABLE.rating_changes yet (issue 29 §3, branch playersapi) cannot show them.
    await openSocket(page, [{ type: 'watch', id: 3, code: created.code }]);
    const state = await received(page, "m.type === 'state' || m.type === 'error'");
    test.skip(!('rating_changes' in ((state.table ?? {}) as object)), 'this server sends no TABLE.rating_changes yet');
    await page.goto(`${server.url}/t/${String(created.code)}`);
    const end = page.locator('.game-end');
    await expect(end.getByRole('columnheader', { name: 'Rating' })).toBeVisible();
    await expect(end.locator('td.rating-change')).toHaveCount(2);
    await expect(end.locator('td.rating-change').first()).toContainText(/[+-±]\d+/);
    // The names link to the profiles.
    await expect(end.locator('tbody th a[href^="/players/"]')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/players-game-end-rated.png' });
    await b.context().close();
    await page.close();
  });
});

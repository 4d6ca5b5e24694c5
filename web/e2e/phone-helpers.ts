// Steps shared by the phone e2e tests (phone.spec.ts, phone-shots.spec.ts).
import type { Page } from '@playwright/test';

/** A deck of 5s and 6s only, optional clearing: lines of three come soon, and choices between them. */
export async function smallDeck(page: Page, extra: Record<string, unknown> = {}) {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m));
      if (msg.type === 'create') msg.options = { ...msg.options, deck_counts: [0, 0, 0, 0, 0, 0, 26, 26, 0, 0, 0, 0, 0], small_game_removal: 0, optional_clearing: true, ...extra };
      srv.send(JSON.stringify(msg));
    });
    srv.onMessage((m) => ws.send(m));
  });
}

/**
 * What is out of view now: the status, each offered control (and the round's result) must lie
 * inside the viewport; the page must not scroll; every offered control is a touch target: the
 * buttons at least 44x44 CSS px, the cards (the own, the piles, the take step's) at least
 * minCard x minCard. Returns the problems (empty: all is well).
 */
export async function outOfView(page: Page, minCard = 44): Promise<string[]> {
  return page.evaluate((minCard) => {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const bad: string[] = [];
    const inside = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) bad.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} outside ${W}x${H}`);
    };
    const status = document.querySelector('.table-screen .status');
    const phase = document.querySelector('.table-screen')?.getAttribute('data-phase') ?? '';
    if (status) inside(status, 'the status');
    else if (phase !== 'round-over' && phase !== 'game-over') bad.push('no status');
    for (const el of Array.from(document.querySelectorAll('.table-screen [data-action]'))) {
      const a = el.getAttribute('data-action');
      inside(el, `control "${a}"`);
      // Every control a touch target: the buttons 44x44, the cards (own, piles, the take step's) minCard wide and high.
      const r = el.getBoundingClientRect();
      const min = el.matches('.card') ? minCard : 44;
      if (r.width < min - 0.5 || r.height < min - 0.5) bad.push(`control "${a}" is ${Math.round(r.width)}x${Math.round(r.height)}, below ${min}x${min}`);
    }
    const end = document.querySelector('.table-screen .round-end h2');
    if (end) inside(end, 'the round result');
    const tab = document.querySelector('.sheet-tab');
    if (tab) inside(tab, 'the sheet tab');
    if (document.scrollingElement && document.scrollingElement.scrollHeight > H + 1) bad.push(`the page scrolls (${document.scrollingElement.scrollHeight} > ${H})`);
    return bad;
  }, minCard);
}

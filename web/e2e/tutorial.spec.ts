// The tutorial (issue 28 §4), in each of the five languages: a first-time visitor is offered it
// on the start page; it is played to the end, every lesson, with the other players' scripted
// moves at full speed; at each of the learner's steps the coach says what to do in the page's
// language, and the table offers exactly the taught move (no other control carries an action).
// The rules page shows its one-screen summary above the full text, and keeps its pictures.
import { test, expect } from './fixtures';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './helpers';

const langDir = fileURLToPath(new URL('../../data/lang/', import.meta.url));
const load = (code: string): Record<string, string> => JSON.parse(readFileSync(`${langDir}${code}.json`, 'utf8'));

for (const code of ['en', 'de', 'fr', 'nl', 'es'] as const) {
  test(`${code}: the tutorial is offered, played to the end, and the rules have their summary`, async ({ page, server }) => {
    const lang = load(code);
    await page.addInitScript((c) => {
      localStorage.setItem('allegra.lang', c);
      localStorage.setItem('allegra.tutorial.pace', '0');
    }, code);
    await page.goto(`${server.url}/`);
    const offer = page.locator('.tutorial-offer');
    await expect(offer).toContainText(lang['web.tutorial.offer']!);
    await offer.getByRole('link', { name: lang['web.tutorial.start']! }).click();
    await expect(page).toHaveURL(/\/tutorial$/);

    const coach = page.locator('.tutorial-coach');
    const seen = new Set<string>();
    let learnerSteps = 0;
    for (let guard = 0; guard < 200; guard++) {
      await expect(coach).toHaveAttribute('data-coach', /^(do|lesson-end)$/);
      const kind = await coach.getAttribute('data-coach');
      const say = await coach.getAttribute('data-say');
      const lesson = (await coach.getAttribute('data-lesson'))!;
      seen.add(lesson);
      if (say) await expect(coach.locator('.tutorial-do')).toHaveText(lang[say]!);
      if (kind === 'do') {
        const action = (await coach.getAttribute('data-expect'))!;
        const step = (await coach.getAttribute('data-step'))!;
        // Only the taught move is offered.
        const offered = await page.locator('.table-page [data-action]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-action')))]);
        expect(offered, `${lesson}: the moves offered`).toEqual([action]);
        await page.locator(`.table-page [data-action="${action}"]`).first().click();
        learnerSteps++;
        await expect(coach).not.toHaveAttribute('data-step', step);
        continue;
      }
      const next = coach.getByRole('button', { name: lang['web.tutorial.next_lesson']! });
      if ((await next.count()) > 0) {
        await next.click();
        continue;
      }
      await expect(coach.locator('.tutorial-done')).toHaveText(lang['web.tutorial.done']!);
      await expect(coach.getByRole('link', { name: lang['web.tutorial.play']! })).toBeVisible();
      break;
    }
    expect([...seen]).toEqual(['turn', 'knock', 'corner', 'end', 'bonus']);
    expect(learnerSteps).toBeGreaterThanOrEqual(20);
    const body = await page.locator('body').innerText();
    expect(body, 'a raw text key').not.toMatch(/\b(web|tutorial|status|result)\.[a-z]+\.[a-z_]+\b/);

    // The second visit: a plain link, no offer.
    await page.goto(`${server.url}/`);
    await expect(page.locator('.tutorial-offer')).toHaveCount(0);
    await expect(page.locator('a.tutorial-link')).toHaveText(lang['web.tutorial.home_link']!);

    // The rules page: the summary first, the pictures kept.
    await page.goto(`${server.url}/rules`);
    const summary = page.locator('.rules-summary');
    await expect(summary.locator('h2')).toHaveText(lang['web.rules.summary_title']!);
    await expect(summary.locator('li')).toHaveCount(6);
    await expect(summary.locator('li').first()).toHaveText(lang['web.rules.summary_goal']!);
    await expect(page.locator('.rules figure')).toHaveCount(2);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the coach stays in view while the table scrolls; axe finds nothing serious', async ({ page, server }) => {
    await page.addInitScript(() => localStorage.setItem('allegra.tutorial.pace', '0'));
    await page.goto(`${server.url}/tutorial`);
    const coach = page.locator('.tutorial-coach');
    await expect(coach).toHaveAttribute('data-expect', 'draw');
    await page.locator('.table-page [data-action="draw"]').first().tap();
    await expect(coach).toHaveAttribute('data-expect', 'refuse');
    await page.locator('.table-page [data-action="refuse"]').first().tap();
    await expect(coach).toHaveAttribute('data-expect', 'swap 0a0');
    // Scrolled to the taught card (and beyond): the coach is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = (await coach.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/tutorial-phone.png' });
    await expectAccessible(page, 'tutorial');
  });
});

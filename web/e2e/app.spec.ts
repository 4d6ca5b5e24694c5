// The installable app (issue 28 §5, §6): precompressed static files with their cache headers
// (the bytes on the wire measured), the manifest and the service worker that opens the app
// offline, and the dark theme following prefers-color-scheme with a remembered toggle.
import { request as httpRequest } from 'node:http';
import { test, expect } from './fixtures';
import { expectAccessible } from './helpers';

/** A raw GET (no decompression): status, headers and the bytes on the wire. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('static files: brotli or gzip by Accept-Encoding, Vary, immutable assets, no-cache shell', async ({ server }) => {
  const index = await (await fetch(`${server.url}/`)).text();
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(index)?.[1];
  const style = /href="(\/assets\/index-[^"]+\.css)"/.exec(index)?.[1];
  expect(script, 'the index chunk in index.html').toBeTruthy();
  expect(style, 'the stylesheet in index.html').toBeTruthy();
  const sizes: string[] = [];
  for (const path of [script!, style!]) {
    const plain = await rawGet(`${server.url}${path}`, '');
    const gzip = await rawGet(`${server.url}${path}`, 'gzip');
    const br = await rawGet(`${server.url}${path}`, 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    for (const r of [plain, gzip, br]) {
      expect(r.status).toBe(200);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(gzip.bytes).toBeLessThan(plain.bytes / 2.5);
    expect(br.bytes).toBeLessThan(gzip.bytes);
    sizes.push(`${path}: ${plain.bytes} B plain, ${gzip.bytes} B gzip, ${br.bytes} B br`);
  }
  for (const path of ['/', '/sw.js']) {
    const r = await rawGet(`${server.url}${path}`, 'br');
    expect(r.headers['cache-control'], path).toBe('no-cache');
  }
  console.log(sizes.join('\n'));
});

test('installable: manifest and icons, the service worker opens the app offline', async ({ page, server, context, consoleWatch }) => {
  consoleWatch.allow.push(/WebSocket connection to .* failed/); // offline, the socket cannot open
  // Offline and just after, a request of the page may fail (Chromium has reported it as refused
  // as well as disconnected: 1 run in about 30 in CI).
  consoleWatch.allow.push(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED)/);
  await page.goto(`${server.url}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(`${server.url}${href}`)).json()) as {
    name: string; start_url: string; display: string; icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe('ALLEGRA');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size);
    expect(icon, size).toBeTruthy();
    const res = await page.request.get(`${server.url}${icon!.src}`);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  // The worker takes control, then the page opens again without a network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ALLEGRA', level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('dark mode follows prefers-color-scheme; the toggle overrides it and is remembered', async ({ page, server }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { name: 'ALLEGRA', level: 1 })).toBeVisible();
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background();
  expect(dark).not.toBe(light);
  expect(dark).toBe('rgb(22, 19, 15)');
  await expectAccessible(page, 'home dark');
  // As the device -> dark -> light: light wins over the device's dark, after a reload too.
  const toggle = page.locator('.theme-toggle');
  await expect(toggle).toHaveAccessibleName('Colour theme: as the device');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Colour theme: dark');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Colour theme: light');
  expect(await background()).toBe(light);
  await page.reload();
  await expect(page.locator('.theme-toggle')).toHaveAccessibleName('Colour theme: light');
  expect(await background()).toBe(light);
});

// End-to-end tests: Debian's chromium (no browser download) against a real `allegra serve`
// that each test starts on a free port with a fresh database (e2e/fixtures.ts). Run after
// `npm run build` (the server serves web/dist) and the release build of the server
// (ALLEGRA_BIN, default ../build/release/allegra). `scripts/test.sh` does all of it.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium' },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'only-on-failure',
    video: 'off',
  },
});

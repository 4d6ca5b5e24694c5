// The size budget of the first page (issue 11): the JavaScript a browser loads for `/` (the
// index chunk; English is inside it) must be at most 120 KB gzipped; with another language its
// chunk comes on top, so the largest language chunk is counted too. Run after `npm run build`.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 120 * 1024;
const dir = new URL('../dist/assets/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const gz = (f) => gzipSync(readFileSync(new URL(f, dir)), { level: 9 }).length;
const index = files.filter((f) => f.startsWith('index-'));
if (index.length !== 1) throw new Error(`expected one index chunk in dist/assets, found ${index.length}: run npm run build`);
const langs = files.filter((f) => /^(de|fr|nl|es)-/.test(f)).map((f) => [f, gz(f)]);
const first = gz(index[0]);
const lang = Math.max(0, ...langs.map(([, n]) => n));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`first page JS (gzip -9): ${index[0]} ${kb(first)}; with the largest other language ${kb(first + lang)}; budget ${kb(BUDGET)}`);
if (first + lang > BUDGET) {
  console.error('over the budget of the first page');
  process.exit(1);
}

// Precompresses the build for `allegra serve` (docs/web.md, docs/server.md): beside every text
// file of dist/ (JS, CSS, HTML, SVG, JSON, manifest) it writes FILE.gz (gzip -9) and FILE.br
// (brotli 11), which the server sends by the request's Accept-Encoding. Files under 512 bytes
// stay as they are (the headers would outweigh the saving). Prints the bytes before and after.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const rows = [];
for (const path of [...files(dist)]) {
  if (!TEXT.test(path)) continue;
  const raw = readFileSync(path);
  if (raw.length < MIN) continue;
  const gz = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  rows.push([relative(dist, path), raw.length, gz.length, br.length]);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = [0, 0, 0];
for (const [name, raw, gz, br] of rows) {
  console.log(`${name.padEnd(40)} ${kb(raw).padStart(10)} gzip ${kb(gz).padStart(9)} br ${kb(br).padStart(9)}`);
  total = [total[0] + raw, total[1] + gz, total[2] + br];
}
console.log(`${'total'.padEnd(40)} ${kb(total[0]).padStart(10)} gzip ${kb(total[1]).padStart(9)} br ${kb(total[2]).padStart(9)}`);

// Draws the app's PNG icons (public/icon-192.png, icon-512.png, maskable): a red card with a
// white "A" bar shape on the felt green, the same picture as the SVG favicon. Run once by hand
// (`node scripts/icons.mjs`); the PNGs are committed. No image library: a PNG is a deflated
// RGBA buffer with three chunks.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function icon(size) {
  const felt = [0x1f, 0x5e, 0x3b];
  const red = [0xd9, 0x46, 0x2b];
  const white = [0xff, 0xff, 0xff];
  const rows = [];
  const s = size / 32; // drawn on the favicon's 32x32 grid
  const inRect = (x, y, x0, y0, w, h, r) => {
    if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false;
    const cx = Math.min(Math.max(x, x0 + r), x0 + w - r);
    const cy = Math.min(Math.max(y, y0 + r), y0 + h - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  // The letter A as three bars on the grid: two legs and a crossbar.
  const onLine = (x, y, x1, y1, x2, y2, w) => {
    const dx = x2 - x1, dy = y2 - y1;
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
    return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= (w / 2) ** 2;
  };
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / s, y = (py + 0.5) / s;
      let c = felt;
      if (inRect(x, y, 7, 4, 18, 24, 3)) c = red;
      if (onLine(x, y, 16, 9, 11, 23, 2.6) || onLine(x, y, 16, 9, 21, 23, 2.6) || onLine(x, y, 13, 18, 19, 18, 2.2)) c = white;
      row.set([...c, 255], 1 + px * 4);
    }
    rows.push(row);
  }
  const head = Buffer.alloc(13);
  head.writeUInt32BE(size, 0);
  head.writeUInt32BE(size, 4);
  head.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icon-${size}.png`, import.meta.url), icon(size));

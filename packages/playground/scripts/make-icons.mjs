#!/usr/bin/env node
/**
 * Writes the playground's app icons into public/icons/: icon.svg and PNGs at 180 (apple-touch-icon),
 * 192 and 512 px, from one drawing — three bars of a size chart on the page's accent colour, inside
 * the central 60 % so that a maskable crop (a circle of 80 %) keeps them whole. No dependency: the
 * PNGs are rasterised here (4×4 samples a pixel) and written with node:zlib.
 *
 *   node packages/playground/scripts/make-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../public/icons/', import.meta.url);
const BACKGROUND = [0x0b, 0x5f, 0xd1]; // styles.css --accent (light theme)
const BAR = [0xff, 0xff, 0xff];
/** Bars in a 100 × 100 box: x, y, width, height, corner radius. */
const BARS = [
  [22, 46, 14, 32, 3],
  [43, 26, 14, 52, 3],
  [64, 38, 14, 40, 3],
];

function svg() {
  const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const bars = BARS.map(([x, y, w, h, r]) => `  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${hex(BAR)}"/>`).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n  <rect width="100" height="100" fill="${hex(BACKGROUND)}"/>\n${bars}\n</svg>\n`;
}

function insideRoundedRect(px, py, [x, y, w, h, r]) {
  if (px < x || px > x + w || py < y || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

function rasterise(size) {
  const SAMPLES = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let covered = 0;
      for (let sj = 0; sj < SAMPLES; sj++) {
        for (let si = 0; si < SAMPLES; si++) {
          const px = ((i + (si + 0.5) / SAMPLES) / size) * 100;
          const py = ((j + (sj + 0.5) / SAMPLES) / size) * 100;
          if (BARS.some((bar) => insideRoundedRect(px, py, bar))) covered++;
        }
      }
      const a = covered / (SAMPLES * SAMPLES);
      const o = (j * size + i) * 4;
      for (let c = 0; c < 3; c++) rgba[o + c] = Math.round(BACKGROUND[c] * (1 - a) + BAR[c] * a);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const rgba = rasterise(size);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let j = 0; j < size; j++) {
    raw[j * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, j * (size * 4 + 1) + 1, j * size * 4, (j + 1) * size * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(new URL('icon.svg', OUT), svg());
for (const [name, size] of [
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
])
  writeFileSync(new URL(name, OUT), png(size));
console.log(`icons written to ${OUT.pathname}`);

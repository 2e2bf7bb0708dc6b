/**
 * Writes the installed app's icons (web/public/icons) from the pin of web/public/favicon.svg:
 * white on the brand colour, 192 and 512 px, and a maskable 512 px whose pin stays inside the
 * central 80 % safe zone. Run: `npx node scripts/make-app-icons.ts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/public/icons');
const brand = '#e11d48';
const pin =
  '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>';

/** The pin drawn in a `scale` share of the square, centred, on the brand colour (rounded unless maskable). */
function icon(size: number, scale: number, rounded: boolean): Buffer {
  const inner = 24 / scale;
  const offset = (inner - 24) / 2;
  const radius = rounded ? inner * 0.22 : 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-offset} ${-offset} ${inner} ${inner}">` +
      `<rect x="${-offset}" y="${-offset}" width="${inner}" height="${inner}" rx="${radius}" fill="${brand}"/>` +
      `<g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${pin}</g></svg>`,
  );
}

mkdirSync(out, { recursive: true });
await sharp(icon(192, 0.7, true))
  .png()
  .toFile(path.join(out, 'icon-192.png'));
await sharp(icon(512, 0.7, true))
  .png()
  .toFile(path.join(out, 'icon-512.png'));
await sharp(icon(512, 0.55, false))
  .png()
  .toFile(path.join(out, 'maskable-512.png'));
await sharp(icon(180, 0.7, false))
  .png()
  .toFile(path.join(out, 'apple-touch-icon.png'));

/**
 * Writes the demo photos of supabase/seed.sql: small generated PNG illustrations (a sky
 * gradient, a sun and a stylised skyline, coloured per place), not photographs — their alt
 * text in seed.sql says so. Output: supabase/seed/place-photos/<uploader id>/<file>, uploaded
 * into the `place-photos` bucket of a fresh local database (config.toml `objects_path`).
 * Also the demo members' avatars: a generated pattern of rings on a coloured disc per member,
 * supabase/seed/avatars/<member id>/avatar.png for the `avatars` bucket.
 * Run: `node scripts/make-seed-photos.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

export const seedPhotos: { uploader: string; file: string; seed: number }[] = [
  ['a0000000-0000-4000-8000-000000000001', 'eiffel-tower-evening.png'],
  ['a0000000-0000-4000-8000-000000000001', 'louvre-courtyard.png'],
  ['a0000000-0000-4000-8000-000000000001', 'cafe-de-flore-terrace.png'],
  ['a0000000-0000-4000-8000-000000000002', 'luxembourg-garden.png'],
  ['a0000000-0000-4000-8000-000000000002', 'sacre-coeur-steps.png'],
  ['a0000000-0000-4000-8000-000000000003', 'borough-market-stalls.png'],
  ['a0000000-0000-4000-8000-000000000003', 'tate-modern-turbine-hall.png'],
  ['a0000000-0000-4000-8000-000000000003', 'primrose-hill-view.png'],
  ['a0000000-0000-4000-8000-000000000004', 'british-museum-great-court.png'],
  ['a0000000-0000-4000-8000-000000000004', 'sky-garden-view.png'],
  ['a0000000-0000-4000-8000-000000000005', 'high-line-walk.png'],
  ['a0000000-0000-4000-8000-000000000005', 'brooklyn-bridge-sunset.png'],
  ['a0000000-0000-4000-8000-000000000005', 'central-park-bow-bridge.png'],
  ['a0000000-0000-4000-8000-000000000006', 'met-museum-steps.png'],
  ['a0000000-0000-4000-8000-000000000006', 'katz-deli-counter.png'],
  ['a0000000-0000-4000-8000-000000000007', 'east-side-gallery-wall.png'],
  ['a0000000-0000-4000-8000-000000000007', 'tempelhofer-feld-kites.png'],
  ['a0000000-0000-4000-8000-000000000007', 'fernsehturm-night.png'],
  ['a0000000-0000-4000-8000-000000000008', 'senso-ji-gate.png'],
  ['a0000000-0000-4000-8000-000000000008', 'shibuya-crossing-night.png'],
  ['a0000000-0000-4000-8000-000000000008', 'shinjuku-gyoen-autumn.png'],
  ['a0000000-0000-4000-8000-000000000002', 'tokyo-skytree-dusk.png'],
  // one illustration for each of 30 more places, on the earliest review of each
  ['a0000000-0000-4000-8000-000000000006', 'carnegie-hall.png'],
  ['a0000000-0000-4000-8000-000000000001', 'musee-d-orsay.png'],
  ['a0000000-0000-4000-8000-000000000004', 'mori-art-museum.png'],
  ['a0000000-0000-4000-8000-000000000001', 'palais-garnier.png'],
  ['a0000000-0000-4000-8000-000000000003', 'angelina.png'],
  ['a0000000-0000-4000-8000-000000000005', 'shakespeare-and-company.png'],
  ['a0000000-0000-4000-8000-000000000003', 'st-paul-s-cathedral.png'],
  ['a0000000-0000-4000-8000-000000000007', 'mauerpark.png'],
  ['a0000000-0000-4000-8000-000000000001', 'hyde-park.png'],
  ['a0000000-0000-4000-8000-000000000003', 'monmouth-coffee-company.png'],
  ['a0000000-0000-4000-8000-000000000002', 'tokyo-tower.png'],
  ['a0000000-0000-4000-8000-000000000003', 'solomon-r-guggenheim-museum.png'],
  ['a0000000-0000-4000-8000-000000000005', 'grand-central-terminal.png'],
  ['a0000000-0000-4000-8000-000000000008', 'ueno-park.png'],
  ['a0000000-0000-4000-8000-000000000002', 'parc-des-buttes-chaumont.png'],
  ['a0000000-0000-4000-8000-000000000003', 'royal-albert-hall.png'],
  ['a0000000-0000-4000-8000-000000000004', 'sainte-chapelle.png'],
  ['a0000000-0000-4000-8000-000000000008', 'reichstag-building.png'],
  ['a0000000-0000-4000-8000-000000000006', 'prospect-park.png'],
  ['a0000000-0000-4000-8000-000000000007', 'neues-museum.png'],
  ['a0000000-0000-4000-8000-000000000002', 'natural-history-museum.png'],
  ['a0000000-0000-4000-8000-000000000005', 'american-museum-of-natural-history.png'],
  ['a0000000-0000-4000-8000-000000000008', 'tokyo-national-museum.png'],
  ['a0000000-0000-4000-8000-000000000003', 'regent-s-park.png'],
  ['a0000000-0000-4000-8000-000000000001', 'museum-of-modern-art.png'],
  ['a0000000-0000-4000-8000-000000000003', 'marche-des-enfants-rouges.png'],
  ['a0000000-0000-4000-8000-000000000001', 'musee-rodin.png'],
  ['a0000000-0000-4000-8000-000000000007', 'berliner-philharmonie.png'],
  ['a0000000-0000-4000-8000-000000000005', 'statue-of-liberty.png'],
  ['a0000000-0000-4000-8000-000000000004', 'meiji-jingu.png'],
].map(([uploader = '', file = ''], index) => ({ uploader, file, seed: index + 1 }));

export const photoWidth = 480;
export const photoHeight = 360;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small deterministic PRNG so the files are byte-for-byte reproducible. */
function random(seed: number): () => number {
  let s = seed * 2654435761;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Renders one illustration as RGB rows and encodes it as a PNG. */
export function renderPhoto(seed: number, width = photoWidth, height = photoHeight): Buffer {
  const rnd = random(seed);
  const hue = rnd() * 360;
  const top = hsl(hue, 0.6, 0.35);
  const bottom = hsl((hue + 40) % 360, 0.75, 0.7);
  const sun = { x: width * (0.2 + rnd() * 0.6), y: height * (0.2 + rnd() * 0.25), r: height * (0.07 + rnd() * 0.06) };
  const buildings: { x0: number; x1: number; y: number }[] = [];
  for (let x = 0; x < width;) {
    const w = 20 + Math.floor(rnd() * 50);
    buildings.push({ x0: x, x1: x + w, y: height * (0.45 + rnd() * 0.35) });
    x += w + Math.floor(rnd() * 8);
  }
  const ground = hsl((hue + 200) % 360, 0.35, 0.18);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      let c: [number, number, number] = [0, 1, 2].map((i) => Math.round((top[i] ?? 0) * (1 - t) + (bottom[i] ?? 0) * t)) as [
        number,
        number,
        number,
      ];
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) c = [255, 236, 179];
      const b = buildings.find((bd) => x >= bd.x0 && x < bd.x1);
      if (b && y >= b.y) c = ground;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo members' ids (seed.sql `demo_members`), one avatar each. */
export const seedAvatars: string[] = Array.from(
  { length: 11 },
  (_, i) => `a0000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`,
);

export const avatarSize = 160;

/** A coloured disc with two lighter rings and a dot, on a pale background, per member. */
export function renderAvatar(seed: number, size = avatarSize): Buffer {
  const rnd = random(seed * 7919);
  const hue = rnd() * 360;
  const background = hsl((hue + 180) % 360, 0.3, 0.92);
  const disc = hsl(hue, 0.55, 0.42);
  const ring = hsl(hue, 0.6, 0.68);
  const centre = { x: size * (0.35 + rnd() * 0.3), y: size * (0.35 + rnd() * 0.3) };
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const fromMiddle = Math.hypot(x - size / 2, y - size / 2);
      const fromCentre = Math.hypot(x - centre.x, y - centre.y);
      let c = background;
      if (fromMiddle <= size * 0.48) {
        c = disc;
        const band = Math.floor(fromCentre / (size * 0.09));
        if (band % 2 === 1 && band < 5) c = ring;
      }
      raw.set(c, row + 1 + x * 3);
    }
  }
  return png(size, size, raw);
}

function png(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '../supabase/seed/place-photos');
  let bytes = 0;
  for (const photo of seedPhotos) {
    const png = renderPhoto(photo.seed);
    mkdirSync(path.join(root, photo.uploader), { recursive: true });
    writeFileSync(path.join(root, photo.uploader, photo.file), png);
    bytes += png.length;
  }
  const avatars = path.resolve(import.meta.dirname, '../supabase/seed/avatars');
  for (const [index, id] of seedAvatars.entries()) {
    const image = renderAvatar(index + 1);
    mkdirSync(path.join(avatars, id), { recursive: true });
    writeFileSync(path.join(avatars, id, 'avatar.png'), image);
    bytes += image.length;
  }
  process.stdout.write(
    `wrote ${seedPhotos.length} photos and ${seedAvatars.length} avatars (${Math.round(bytes / 1024)} KiB) under ${path.relative(process.cwd(), path.dirname(root))}\n`,
  );
}

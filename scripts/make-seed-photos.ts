/**
 * Writes the demo photos of supabase/seed.sql as a member's upload would store them: generated
 * illustrations (a sky gradient, a sun and a stylised skyline with lit windows, coloured per
 * place), not photographs — their alt text in seed.sql says so — drawn at 1600 × 1200 and
 * encoded as the app's uploader encodes a photo (`preparePhoto` in web/src/lib/photos.ts: at
 * most 1600 px on the long side, WebP at quality 0.85). Output:
 * supabase/seed/place-photos/<uploader id>/<file>, uploaded into the `place-photos` bucket of a
 * fresh local database (config.toml `objects_path`).
 * Also the demo members' avatars, as the avatar editor stores them (a 512 px square, WebP at
 * 0.85): a pattern of rings on a coloured disc per member, supabase/seed/avatars/<member
 * id>/avatar.webp for the `avatars` bucket.
 * Each photo's ThumbHash is computed from the written file as the app computes it at upload
 * (the decoded photo drawn at most 100 px on its long side, then hashed); the script prints
 * them for seed.sql, and tests/data/seed.test.ts checks that seed.sql carries them.
 * The pixels are deterministic; the files are as deterministic as the `sharp` version that
 * encodes them. Run: `node scripts/make-seed-photos.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

export const seedPhotos: { uploader: string; file: string; seed: number }[] = [
  ['a0000000-0000-4000-8000-000000000001', 'eiffel-tower-evening.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'louvre-courtyard.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'cafe-de-flore-terrace.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'luxembourg-garden.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'sacre-coeur-steps.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'borough-market-stalls.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'tate-modern-turbine-hall.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'primrose-hill-view.webp'],
  ['a0000000-0000-4000-8000-000000000004', 'british-museum-great-court.webp'],
  ['a0000000-0000-4000-8000-000000000004', 'sky-garden-view.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'high-line-walk.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'brooklyn-bridge-sunset.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'central-park-bow-bridge.webp'],
  ['a0000000-0000-4000-8000-000000000006', 'met-museum-steps.webp'],
  ['a0000000-0000-4000-8000-000000000006', 'katz-deli-counter.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'east-side-gallery-wall.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'tempelhofer-feld-kites.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'fernsehturm-night.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'senso-ji-gate.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'shibuya-crossing-night.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'shinjuku-gyoen-autumn.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'tokyo-skytree-dusk.webp'],
  // one illustration for each of 30 more places, on the earliest review of each
  ['a0000000-0000-4000-8000-000000000006', 'carnegie-hall.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'musee-d-orsay.webp'],
  ['a0000000-0000-4000-8000-000000000004', 'mori-art-museum.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'palais-garnier.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'angelina.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'shakespeare-and-company.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'st-paul-s-cathedral.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'mauerpark.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'hyde-park.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'monmouth-coffee-company.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'tokyo-tower.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'solomon-r-guggenheim-museum.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'grand-central-terminal.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'ueno-park.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'parc-des-buttes-chaumont.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'royal-albert-hall.webp'],
  ['a0000000-0000-4000-8000-000000000004', 'sainte-chapelle.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'reichstag-building.webp'],
  ['a0000000-0000-4000-8000-000000000006', 'prospect-park.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'neues-museum.webp'],
  ['a0000000-0000-4000-8000-000000000002', 'natural-history-museum.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'american-museum-of-natural-history.webp'],
  ['a0000000-0000-4000-8000-000000000008', 'tokyo-national-museum.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'regent-s-park.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'museum-of-modern-art.webp'],
  ['a0000000-0000-4000-8000-000000000003', 'marche-des-enfants-rouges.webp'],
  ['a0000000-0000-4000-8000-000000000001', 'musee-rodin.webp'],
  ['a0000000-0000-4000-8000-000000000007', 'berliner-philharmonie.webp'],
  ['a0000000-0000-4000-8000-000000000005', 'statue-of-liberty.webp'],
  ['a0000000-0000-4000-8000-000000000004', 'meiji-jingu.webp'],
].map(([uploader = '', file = ''], index) => ({ uploader, file, seed: index + 1 }));

export const photoWidth = 1600;
export const photoHeight = 1200;
/** The app's WebP quality for photos and avatars (`cropAndResize`'s 0.85). */
export const webpQuality = 85;

/** A small deterministic PRNG so the pixels are reproducible. */
function random(seed: number): () => number {
  let s = seed * 2654435761;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** One illustration as raw RGB pixels (rows top to bottom); shapes scale with the size. */
export function renderPhotoPixels(seed: number, width = photoWidth, height = photoHeight): Buffer {
  const rnd = random(seed);
  const unit = width / 480;
  const hue = rnd() * 360;
  const top = hsl(hue, 0.6, 0.35);
  const bottom = hsl((hue + 40) % 360, 0.75, 0.7);
  const sun = { x: width * (0.2 + rnd() * 0.6), y: height * (0.2 + rnd() * 0.25), r: height * (0.07 + rnd() * 0.06) };
  const ground = hsl((hue + 200) % 360, 0.35, 0.18);
  const lit = hsl((hue + 30) % 360, 0.9, 0.75);
  const dark = hsl((hue + 200) % 360, 0.3, 0.26);
  // Per column: the roof line of the building there (or none), and its windows' seed.
  const roof = new Float64Array(width).fill(Number.POSITIVE_INFINITY);
  const left = new Int32Array(width).fill(-1);
  const windowSeed = new Float64Array(width);
  for (let x = 0; x < width;) {
    const w = Math.round((20 + Math.floor(rnd() * 50)) * unit);
    const y = height * (0.45 + rnd() * 0.35);
    const seedOf = rnd();
    for (let i = x; i < Math.min(width, x + w); i++) {
      roof[i] = y;
      left[i] = x;
      windowSeed[i] = seedOf;
    }
    x += w + Math.round(Math.floor(rnd() * 8) * unit);
  }
  const cellW = Math.round(12 * unit);
  const cellH = Math.round(16 * unit);
  const winW = Math.round(6 * unit);
  const winH = Math.round(8 * unit);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    const sky: Rgb = [0, 1, 2].map((i) => Math.round((top[i] ?? 0) * (1 - t) + (bottom[i] ?? 0) * t)) as Rgb;
    for (let x = 0; x < width; x++) {
      let c = sky;
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) c = [255, 236, 179];
      const roofY = roof[x] ?? Number.POSITIVE_INFINITY;
      if (y >= roofY) {
        c = ground;
        const dx = x - (left[x] ?? 0) - Math.round(4 * unit);
        const dy = y - roofY - Math.round(6 * unit);
        if (dx >= 0 && dy >= 0 && dx % cellW < winW && dy % cellH < winH) {
          const cell = Math.floor(dx / cellW) * 31 + Math.floor(dy / cellH) * 17;
          const on = (Math.sin((windowSeed[x] ?? 0) * 1e4 + cell) + 1) / 2;
          c = on > 0.55 ? lit : dark;
        }
      }
      raw.set(c, (y * width + x) * 3);
    }
  }
  return raw;
}

/** One illustration encoded as the app's uploader encodes a photo: WebP at quality 0.85. */
export function renderPhoto(seed: number, width = photoWidth, height = photoHeight): Promise<Buffer> {
  return sharp(renderPhotoPixels(seed, width, height), { raw: { width, height, channels: 3 } })
    .webp({ quality: webpQuality })
    .toBuffer();
}

/**
 * The ThumbHash of an image file, as `computeThumbHash` (web/src/lib/image.ts) makes it at
 * upload: the decoded image drawn at most 100 px on its long side, its RGBA pixels hashed, base64.
 */
export async function thumbHashOf(file: Buffer): Promise<string> {
  const { width = 1, height = 1 } = await sharp(file).metadata();
  const scale = Math.min(1, 100 / Math.max(width, height));
  const { data, info } = await sharp(file)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/** The demo members' ids (seed.sql `demo_members`), one avatar each. */
export const seedAvatars: string[] = Array.from(
  { length: 11 },
  (_, i) => `a0000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`,
);

/** What the avatar editor stores: a square of at most 512 px (`cropAndResize(src, area, 512)`). */
export const avatarSize = 512;

/** A coloured disc with two lighter rings and a dot, on a pale background, per member, as WebP. */
export function renderAvatar(seed: number, size = avatarSize): Promise<Buffer> {
  const rnd = random(seed * 7919);
  const hue = rnd() * 360;
  const background = hsl((hue + 180) % 360, 0.3, 0.92);
  const disc = hsl(hue, 0.55, 0.42);
  const ring = hsl(hue, 0.6, 0.68);
  const centre = { x: size * (0.35 + rnd() * 0.3), y: size * (0.35 + rnd() * 0.3) };
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const fromMiddle = Math.hypot(x - size / 2, y - size / 2);
      const fromCentre = Math.hypot(x - centre.x, y - centre.y);
      let c = background;
      if (fromMiddle <= size * 0.48) {
        c = disc;
        const band = Math.floor(fromCentre / (size * 0.09));
        if (band % 2 === 1 && band < 5) c = ring;
      }
      raw.set(c, (y * size + x) * 3);
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: webpQuality })
    .toBuffer();
}

/** Empties a seed folder of what an earlier run wrote (other formats included). */
function clear(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) rmSync(path.join(dir, entry.name), { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '../supabase/seed/place-photos');
  const avatars = path.resolve(import.meta.dirname, '../supabase/seed/avatars');
  mkdirSync(root, { recursive: true });
  mkdirSync(avatars, { recursive: true });
  clear(root);
  clear(avatars);
  let bytes = 0;
  for (const photo of seedPhotos) {
    const file = await renderPhoto(photo.seed);
    mkdirSync(path.join(root, photo.uploader), { recursive: true });
    writeFileSync(path.join(root, photo.uploader, photo.file), file);
    bytes += file.length;
    process.stdout.write(`${photo.uploader}/${photo.file}\t${photoWidth}\t${photoHeight}\t${await thumbHashOf(file)}\t${file.length}\n`);
  }
  for (const [index, id] of seedAvatars.entries()) {
    const image = await renderAvatar(index + 1);
    mkdirSync(path.join(avatars, id), { recursive: true });
    writeFileSync(path.join(avatars, id, 'avatar.webp'), image);
    bytes += image.length;
  }
  process.stdout.write(
    `wrote ${seedPhotos.length} photos and ${seedAvatars.length} avatars (${Math.round(bytes / 1024)} KiB) under ${path.relative(process.cwd(), path.dirname(root))}\n`,
  );
}

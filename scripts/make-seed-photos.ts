/**
 * Writes the demo pictures of supabase/seed.sql as a member's upload would store them: a
 * drawing of each place (scripts/demo/scenes/, one per place and two of Monmouth Coffee, each
 * fitting what the place is: a tower, a market's stalls, a park's trees, a bar's counter),
 * rendered from SVG at 1600 × 1200 and encoded as the app's uploader encodes a photo
 * (`preparePhoto` in web/src/lib/photos.ts: at most 1600 px on the long side, WebP at quality
 * 0.85). They are illustrations, not photographs, and their alt text says so
 * (scripts/demo/photos.ts). Output: supabase/seed/place-photos/<uploader id>/<file>, uploaded
 * into the `place-photos` bucket of a fresh local database (config.toml `objects_path`).
 * Also the demo members' avatars, as the avatar editor stores them (a 512 px square, WebP at
 * 0.85): a pattern of rings on a coloured disc per member, supabase/seed/avatars/<member
 * id>/avatar.webp for the `avatars` bucket.
 * scripts/make-seed.ts reads each photo's size and ThumbHash (computed here as the app computes
 * it at upload) from these files. The pixels are deterministic; the files are as deterministic
 * as the `sharp` (librsvg, libwebp) version that renders them. Run: `node scripts/make-seed-photos.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { demoMembers, memberId } from './demo/members.ts';
import { demoScenes } from './demo/photos.ts';
import { random, svg } from './demo/scenes/kit.ts';

/** The app's WebP quality for photos and avatars (`cropAndResize`'s 0.85). */
export const webpQuality = 85;

/** A small deterministic PRNG so the avatars' pixels are reproducible. */
function seeded(seed: number): () => number {
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

/** A scene drawn and encoded as the app's uploader encodes a photo: WebP at quality 0.85. */
export function renderScene(scene: (typeof demoScenes)[number]): Promise<Buffer> {
  return sharp(Buffer.from(svg(...scene.draw(random(scene.place)))))
    .webp({ quality: webpQuality, effort: 6 })
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

/** The demo members' ids, one avatar each (the pattern follows the member's number). */
export const seedAvatars: { id: string; n: number }[] = demoMembers.map((m) => ({ id: memberId(m.n), n: m.n }));

/** What the avatar editor stores: a square of at most 512 px (`cropAndResize(src, area, 512)`). */
export const avatarSize = 512;

/** A coloured disc with two lighter rings and a dot, on a pale background, per member, as WebP. */
export function renderAvatar(seed: number, size = avatarSize): Promise<Buffer> {
  const rnd = seeded(seed * 7919);
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
  let photoBytes = 0;
  for (const scene of demoScenes) {
    const uploader = demoMembers.find((m) => m.username === scene.by);
    if (!uploader) throw new Error(`${scene.file}: no member ${scene.by}`);
    const file = await renderScene(scene);
    mkdirSync(path.join(root, memberId(uploader.n)), { recursive: true });
    writeFileSync(path.join(root, memberId(uploader.n), scene.file), file);
    photoBytes += file.length;
  }
  let avatarBytes = 0;
  for (const { id, n } of seedAvatars) {
    const image = await renderAvatar(n);
    mkdirSync(path.join(avatars, id), { recursive: true });
    writeFileSync(path.join(avatars, id, 'avatar.webp'), image);
    avatarBytes += image.length;
  }
  process.stdout.write(
    `wrote ${demoScenes.length} photos (${Math.round(photoBytes / 1024)} KiB) and ${seedAvatars.length} avatars (${Math.round(avatarBytes / 1024)} KiB) under ${path.relative(process.cwd(), path.dirname(root))}\n`,
  );
}

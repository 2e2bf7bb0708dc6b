import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import { errors, StorageError } from './errors.ts';
import { resizingType, sizeLimits, transformationSegments, type TransformOptions } from './transform-options.ts';

/** Output formats and their media types; `origin` keeps the source's (jpeg, png, webp, gif, avif). */
const mediaTypes = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' } as const;
type OutputFormat = keyof typeof mediaTypes;

/** Raster sources only: SVG and other documents are never rasterised on the server. */
const sourceFormats: Record<string, OutputFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'avif', tiff: 'png' };

/** Sources above this many pixels are refused (imgproxy's default `IMGPROXY_MAX_SRC_RESOLUTION`, 50 MP). */
const maxSourcePixels = 50_000_000;

/** sharp (libvips) is loaded with the first transformation, not with every server start (decision 457). */
const loadSharp = (): Promise<typeof Sharp> => import('sharp').then((module) => module.default);

const gravityPositions: Record<string, string> = {
  no: 'north',
  so: 'south',
  ea: 'east',
  we: 'west',
  noea: 'northeast',
  nowe: 'northwest',
  soea: 'southeast',
  sowe: 'southwest',
  ce: 'centre',
};

export interface RenderedImage {
  file: string;
  contentType: string;
  size: number;
  mtime: Date;
  /** Names the exact bytes: source version, transformation and output format. */
  etag: string;
  /** `X-Transformations`, as upstream sends it. */
  transformations: string[];
  /** The bytes, when the variant is small enough to be kept in memory. */
  bytes?: Buffer;
}

/** Variants up to this size are also kept in memory, up to `memoryBudget` bytes in all. */
const memoryMaxItem = 512 * 1024;
const memoryBudget = 32 * 1024 * 1024;

/**
 * Transformed images, encoded once and kept on disk under
 * `<storage>/renders/<version>/<hash of transformation + format>.<format>` — object versions
 * are immutable, so a variant never goes stale; a replaced or deleted object's variants are
 * swept at start with its file. Concurrent first requests for one variant share one encode.
 */
export class ImageVariants {
  readonly #root: string;
  readonly #tmp: string;
  readonly #encoding = new Map<string, Promise<void>>();
  /** Each version's source format, read once: versions are immutable (bounded, oldest out first). */
  readonly #formats = new Map<string, OutputFormat>();
  /** Recently served small variants by file, least recently used first. */
  readonly #memory = new Map<string, { bytes: Buffer; mtime: Date }>();
  #memoryBytes = 0;

  constructor(storageRoot: string) {
    this.#root = path.join(storageRoot, 'renders');
    this.#tmp = path.join(storageRoot, '.tmp');
  }

  /**
   * The variant of `version` (whose bytes are at `source`) for `options`; `accept` chooses WebP
   * when no format was asked for and the client takes it (imgproxy's WebP detection).
   */
  async render(source: string, version: string, options: TransformOptions, accept: string | undefined): Promise<RenderedImage> {
    const remembered = this.remembered(version, options, accept);
    if (remembered) return remembered;
    const format = outputFormat(options, await this.#sourceFormat(source, version), accept);
    const { file, key, transformations } = this.#variant(version, options, format);
    let info = await stat(file).catch(() => null);
    if (!info) {
      let pending = this.#encoding.get(file);
      if (!pending) {
        pending = this.#encode(source, file, options, format).finally(() => this.#encoding.delete(file));
        this.#encoding.set(file, pending);
      }
      await pending;
      info = await stat(file);
    }
    let bytes: Buffer | undefined;
    if (info.size <= memoryMaxItem) {
      bytes = await readFile(file);
      this.#remember(file, { bytes, mtime: info.mtime });
    }
    return {
      file,
      contentType: mediaTypes[format],
      size: info.size,
      mtime: info.mtime,
      etag: etagOf(version, key),
      transformations,
      bytes,
    };
  }

  /**
   * The variant from memory, without touching the disk or the source, when it was served
   * recently; `undefined` otherwise (then `render`).
   */
  remembered(version: string, options: TransformOptions, accept: string | undefined): RenderedImage | undefined {
    const source = this.#formats.get(version);
    if (!source) return undefined;
    const format = outputFormat(options, source, accept);
    const { file, key, transformations } = this.#variant(version, options, format);
    const kept = this.#memory.get(file);
    if (!kept) return undefined;
    this.#memory.delete(file);
    this.#memory.set(file, kept);
    const { bytes, mtime } = kept;
    return { file, contentType: mediaTypes[format], size: bytes.length, mtime, etag: etagOf(version, key), transformations, bytes };
  }

  #variant(version: string, options: TransformOptions, format: OutputFormat): { file: string; key: string; transformations: string[] } {
    const transformations = transformationSegments(options);
    const key = createHash('sha256')
      .update(`${transformations.join(',')}|${format}`)
      .digest('hex')
      .slice(0, 32);
    return { file: path.join(this.#root, version, `${key}.${format}`), key, transformations };
  }

  #remember(file: string, entry: { bytes: Buffer; mtime: Date }): void {
    const old = this.#memory.get(file);
    if (old) this.#memoryBytes -= old.bytes.length;
    this.#memory.delete(file);
    this.#memory.set(file, entry);
    this.#memoryBytes += entry.bytes.length;
    for (const [oldest, { bytes }] of this.#memory) {
      if (this.#memoryBytes <= memoryBudget) break;
      this.#memory.delete(oldest);
      this.#memoryBytes -= bytes.length;
    }
  }

  /** Removes the variants of versions no object refers to any more. */
  async sweep(referenced: Set<string>): Promise<void> {
    for (const version of await readdir(this.#root).catch(() => [] as string[])) {
      if (referenced.has(version)) continue;
      await rm(path.join(this.#root, version), { recursive: true, force: true });
      this.#forget(version);
    }
  }

  /** A version no object refers to: nothing of it is served from memory again. */
  #forget(version: string): void {
    this.#formats.delete(version);
    const prefix = path.join(this.#root, version) + path.sep;
    for (const [file, { bytes }] of this.#memory) {
      if (!file.startsWith(prefix)) continue;
      this.#memory.delete(file);
      this.#memoryBytes -= bytes.length;
    }
  }

  async #sourceFormat(source: string, version: string): Promise<OutputFormat> {
    const known = this.#formats.get(version);
    if (known) return known;
    const format = await this.#inspect(source);
    if (this.#formats.size >= 10_000) this.#formats.delete(this.#formats.keys().next().value ?? '');
    this.#formats.set(version, format);
    return format;
  }

  async #inspect(source: string): Promise<OutputFormat> {
    try {
      const sharp = await loadSharp();
      const meta = await sharp(source, { limitInputPixels: maxSourcePixels }).metadata();
      const format = sourceFormats[meta.format];
      if (!format || (meta.width ?? 0) * (meta.height ?? 0) > maxSourcePixels) throw errors.unsupportedImageSource();
      return format;
    } catch (error: unknown) {
      if (error instanceof StorageError) throw error;
      throw errors.unsupportedImageSource();
    }
  }

  async #encode(source: string, file: string, options: TransformOptions, format: OutputFormat): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(this.#tmp, `render-${randomUUID()}`);
    try {
      const sharp = await loadSharp();
      let image = sharp(source, { limitInputPixels: maxSourcePixels }).rotate();
      if (options.width || options.height) {
        const clamp = (n: number | undefined) => (n ? Math.min(Math.max(n, sizeLimits.min), sizeLimits.max) : undefined);
        const type = resizingType(options.resize);
        image = image.resize({
          width: clamp(options.width),
          height: clamp(options.height),
          fit: type === 'fit' ? 'inside' : type === 'force' ? 'fill' : 'cover',
          position: options.gravity === 'sm' ? sharp.strategy.attention : (gravityPositions[options.gravity ?? 'ce'] ?? 'centre'),
          withoutEnlargement: true,
        });
      }
      const quality = options.quality ?? 80;
      image =
        format === 'jpeg'
          ? image.jpeg({ quality, mozjpeg: true })
          : format === 'webp'
            ? // effort 2 of 0–6: within 4 % of the default's (4) bytes in 60 % of its time (decision 275)
              image.webp({ quality, effort: 2 })
            : format === 'avif'
              ? image.avif({ quality })
              : format === 'gif'
                ? image.gif()
                : image.png();
      await image.toFile(tmp);
      await rename(tmp, file);
    } catch (error: unknown) {
      await rm(tmp, { force: true });
      if (error instanceof StorageError) throw error;
      throw errors.unsupportedImageSource();
    }
  }
}

function etagOf(version: string, key: string): string {
  return `"${createHash('sha256').update(`${version}|${key}`).digest('hex').slice(0, 32)}"`;
}

function outputFormat(options: TransformOptions, source: OutputFormat, accept: string | undefined): OutputFormat {
  if (options.format === 'webp' || options.format === 'avif') return options.format;
  if (options.format !== 'origin' && accept?.includes('image/webp')) return 'webp';
  return source;
}

/** The Accept header matters only when the client may be given WebP instead of the original format. */
export function variesByAccept(options: TransformOptions): boolean {
  return options.format === undefined;
}

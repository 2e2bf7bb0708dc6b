import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { StorageError } from './errors.ts';
import { resizingType, sizeLimits, transformationSegments, type TransformOptions } from './transform-options.ts';

/** Output formats and their media types; `origin` keeps the source's (jpeg, png, webp, gif, avif). */
const mediaTypes = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' } as const;
type OutputFormat = keyof typeof mediaTypes;

/** Raster sources only: SVG and other documents are never rasterised on the server. */
const sourceFormats: Record<string, OutputFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'avif', tiff: 'png' };

/** Sources above this many pixels are refused (imgproxy's default `IMGPROXY_MAX_SRC_RESOLUTION`, 50 MP). */
const maxSourcePixels = 50_000_000;

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

/** imgproxy's answer to a source it cannot read, as storage-api words it (HTTP 400). */
function unsupportedSource(): StorageError {
  return new StorageError({
    code: 'InvalidRequest',
    httpStatusCode: 400,
    message: 'The source image is invalid or unsupported for rendering',
  });
}

export interface RenderedImage {
  file: string;
  contentType: string;
  size: number;
  mtime: Date;
  /** Names the exact bytes: source version, transformation and output format. */
  etag: string;
  /** `X-Transformations`, as upstream sends it. */
  transformations: string[];
}

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

  constructor(storageRoot: string) {
    this.#root = path.join(storageRoot, 'renders');
    this.#tmp = path.join(storageRoot, '.tmp');
  }

  /**
   * The variant of `version` (whose bytes are at `source`) for `options`; `accept` chooses WebP
   * when no format was asked for and the client takes it (imgproxy's WebP detection).
   */
  async render(source: string, version: string, options: TransformOptions, accept: string | undefined): Promise<RenderedImage> {
    const transformations = transformationSegments(options);
    const input = await this.#inspect(source);
    const format = outputFormat(options, input, accept);
    const key = createHash('sha256')
      .update(`${transformations.join(',')}|${format}`)
      .digest('hex')
      .slice(0, 32);
    const file = path.join(this.#root, version, `${key}.${format}`);
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
    return {
      file,
      contentType: mediaTypes[format],
      size: info.size,
      mtime: info.mtime,
      etag: `"${createHash('sha256').update(`${version}|${key}`).digest('hex').slice(0, 32)}"`,
      transformations,
    };
  }

  /** Removes the variants of versions no object refers to any more. */
  async sweep(referenced: Set<string>): Promise<void> {
    for (const version of await readdir(this.#root).catch(() => [] as string[])) {
      if (!referenced.has(version)) await rm(path.join(this.#root, version), { recursive: true, force: true });
    }
  }

  async #inspect(source: string): Promise<OutputFormat> {
    try {
      const meta = await sharp(source, { limitInputPixels: maxSourcePixels }).metadata();
      const format = sourceFormats[meta.format];
      if (!format || (meta.width ?? 0) * (meta.height ?? 0) > maxSourcePixels) throw unsupportedSource();
      return format;
    } catch (error: unknown) {
      if (error instanceof StorageError) throw error;
      throw unsupportedSource();
    }
  }

  async #encode(source: string, file: string, options: TransformOptions, format: OutputFormat): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(this.#tmp, `render-${randomUUID()}`);
    try {
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
            ? image.webp({ quality })
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
      throw unsupportedSource();
    }
  }
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

import { errors } from './errors.ts';

/** storage-api's transformation options (`src/http/schemas/transformations.ts`). */
export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
  gravity?: Gravity;
  x_offset?: number;
  y_offset?: number;
}

const gravities = ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] as const;
export type Gravity = (typeof gravities)[number];

/** Upstream's defaults of `IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE` / `_MAX_SIZE`: sizes are clamped into them. */
export const sizeLimits = { min: 1, max: 2000 };

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw errors.invalidRequest(`${where} must be equal to one of the allowed values`);
}

function integer(value: unknown, where: string, min: number, max?: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isInteger(n)) throw errors.invalidRequest(`${where} must be integer`);
  if (n < min) throw errors.invalidRequest(`${where} must be >= ${min}`);
  if (max !== undefined && n > max) throw errors.invalidRequest(`${where} must be <= ${max}`);
  return n;
}

function finite(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) throw errors.invalidRequest(`${where} must be number`);
  return n;
}

/**
 * Validates options as the route's JSON schema does (`where` is `querystring` or
 * `body/transform`), with fastify's wording; a focal point needs both offsets in 0..1.
 */
export function parseTransformOptions(raw: Record<string, unknown>, where: string): TransformOptions {
  const options: TransformOptions = {};
  const set = <K extends keyof TransformOptions>(key: K, value: TransformOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('height', integer(raw.height, `${where}/height`, 0));
  set('width', integer(raw.width, `${where}/width`, 0));
  set('resize', oneOf(raw.resize, ['cover', 'contain', 'fill'] as const, `${where}/resize`));
  set('format', oneOf(raw.format, ['origin', 'avif', 'webp'] as const, `${where}/format`));
  set('quality', integer(raw.quality, `${where}/quality`, 20, 100));
  set('gravity', oneOf(raw.gravity, gravities, `${where}/gravity`));
  set('x_offset', finite(raw.x_offset, `${where}/x_offset`));
  set('y_offset', finite(raw.y_offset, `${where}/y_offset`));
  if (options.gravity === 'fp') {
    for (const axis of ['x_offset', 'y_offset'] as const) {
      const v = options[axis];
      if (v === undefined) throw errors.invalidRequest(`${where} must have required property '${axis}'`);
      if (v < 0) throw errors.invalidRequest(`${where}/${axis} must be >= 0`);
      if (v > 1) throw errors.invalidRequest(`${where}/${axis} must be <= 1`);
    }
  }
  return options;
}

const clamp = (n: number) => Math.min(Math.max(n, sizeLimits.min), sizeLimits.max);

/** imgproxy's resizing type for storage's `resize` (cover → fill, contain → fit, fill → force). */
export function resizingType(resize: string | undefined): 'fill' | 'fit' | 'force' {
  return resize === 'contain' ? 'fit' : resize === 'fill' ? 'force' : 'fill';
}

/**
 * The transformation as upstream's `ImageRenderer.applyTransformation` writes it: for the
 * `X-Transformations` header (`resizing_type:…`), or with `keepOriginal` for a signed URL's
 * token (`resize:<as given>`, literally `resize:undefined` when none was — upstream's quirk,
 * kept so tokens read the same either way).
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height)}`);
  if (options.width) segments.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    segments.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${resizingType(options.resize)}`);
  }
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  if (options.gravity === 'sm') segments.push('gravity:sm');
  else if (options.gravity === 'fp') segments.push(`gravity:fp:${options.x_offset}:${options.y_offset}`);
  else if (options.gravity) {
    const { x_offset: x, y_offset: y } = options;
    segments.push(x === undefined && y === undefined ? `gravity:${options.gravity}` : `gravity:${options.gravity}:${x ?? 0}:${y ?? 0}`);
  }
  return segments;
}

/** Reads a signed token's `transformations` back (`setTransformationsFromString`). */
export function parseTransformationString(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const param of text.split(',')) {
    const [name, value, x, y] = param.split(':');
    if (value === undefined || value === '') continue;
    if (name === 'height' || name === 'width' || name === 'quality') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n)) options[name] = n;
    } else if (name === 'resize') options.resize = value as TransformOptions['resize'];
    else if (name === 'format') options.format = value as TransformOptions['format'];
    else if (name === 'gravity' && (gravities as readonly string[]).includes(value)) {
      options.gravity = value as Gravity;
      const xo = x ? Number.parseFloat(x) : Number.NaN;
      const yo = y ? Number.parseFloat(y) : Number.NaN;
      if (Number.isFinite(xo)) options.x_offset = xo;
      if (Number.isFinite(yo)) options.y_offset = yo;
    }
  }
  return options;
}

import { errors } from './errors.ts';
import type { LeadingBytesCheck } from './files.ts';

/**
 * MIME types as RFC 9110 §8.3.1 writes them: `type/subtype` of token characters, then
 * `; name=value` parameters (value a token or a quoted string). Anything else — a second type
 * after a comma, a bare `; text/html`, spaces inside the type — is not one media type.
 */
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const quoted = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const strictMime = new RegExp(`^(${token})/(${token})((?:[ \\t]*;[ \\t]*${token}=(?:${token}|${quoted}))*)[ \\t]*$`);

export interface MimeType {
  /** `type/subtype`, lower-cased. */
  essence: string;
  type: string;
  subtype: string;
}

export function parseMimeType(value: string): MimeType | null {
  const match = strictMime.exec(value.trim());
  if (!match) return null;
  const type = (match[1] ?? '').toLowerCase();
  const subtype = (match[2] ?? '').toLowerCase();
  return { essence: `${type}/${subtype}`, type, subtype };
}

/** Refuses what is not exactly one media type, with storage's InvalidMimeType. */
export function mustBeStrictMimeType(value: string): MimeType {
  const parsed = parseMimeType(value);
  if (!parsed) throw errors.invalidMimeType(value);
  return parsed;
}

const ascii = (bytes: Buffer, at: number, text: string) => bytes.toString('latin1', at, at + text.length) === text;

/** Leading bytes of the raster types a bucket can promise (the magic numbers browsers sniff). */
const signatures: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/gif': (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  'image/webp': (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  'image/avif': (h) => ascii(h, 4, 'ftyp') && (ascii(h, 8, 'avif') || ascii(h, 8, 'avis')),
  'image/bmp': (h) => ascii(h, 0, 'BM'),
  'image/tiff': (h) => ascii(h, 0, 'II*\0') || ascii(h, 0, 'MM\0*'),
  'image/x-icon': (h) => h.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
  'image/vnd.microsoft.icon': (h) => h.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
};

/** True when the bytes start as one of the raster formats above. */
function startsAsRasterImage(head: Buffer): boolean {
  return Object.values(signatures).some((matches) => matches(head));
}

/**
 * The check an upload's bytes must pass: in a bucket that takes images only (every allowed
 * type is `image/…`, as both of Pinstar's buckets), a file declared as a raster type must start
 * as a raster image, else InvalidMimeType as for a type the bucket does not take. Which raster
 * format is not checked: storage-api takes a JPEG labelled `image/png`, and browsers decode
 * either. Other buckets take any bytes under any well-formed type, as upstream; their downloads
 * still carry nosniff.
 */
export function leadingBytesCheck(mimeType: string, allowed: string[] | null): LeadingBytesCheck | undefined {
  if (!allowed || allowed.length === 0 || !allowed.every((entry) => entry.toLowerCase().startsWith('image/'))) return undefined;
  const essence = parseMimeType(mimeType)?.essence;
  if (!essence || !(essence in signatures)) return undefined;
  return { length: 12, matches: startsAsRasterImage, error: () => errors.invalidMimeType(mimeType) };
}

/**
 * Types a browser shows without running anything of the file's: raster images, audio, video
 * and plain text. Everything else (SVG, HTML, XML, PDF, scripts, unknown) is sent as an
 * attachment, so opening its URL downloads it instead of rendering it in this origin.
 */
export function isInlineSafe(essence: string): boolean {
  if (essence in signatures) return true;
  if (essence.startsWith('audio/') || essence.startsWith('video/')) return true;
  return essence === 'text/plain';
}

/**
 * Headers every stored-file response carries: the declared type is the only one a browser
 * may use, and a file rendered as a document gets an opaque origin with nothing allowed.
 */
export const downloadSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

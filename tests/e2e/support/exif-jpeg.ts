import type { Page } from 'playwright-core';

/** Text planted in the EXIF block: it must not survive the app's re-encoding. */
export const exifMarker = 'PinstarTestCamera';

/** A JPEG of `width`×`height` drawn by the browser itself (a gradient with a few shapes). */
export async function drawJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  // A string (the test tsconfig has no DOM types); the size is interpolated as numbers.
  const dataUrl = await page.evaluate<string>(`(() => {
    const w = ${Math.round(width)}, h = ${Math.round(height)};
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const g = c.getContext('2d');
    const grad = g.createLinearGradient(0, 0, w, h);
    grad.addColorStop(0, '#e11d48'); grad.addColorStop(1, '#0ea5e9');
    g.fillStyle = grad; g.fillRect(0, 0, w, h);
    g.fillStyle = '#fff'; g.beginPath(); g.arc(w / 2, h / 2, h / 4, 0, Math.PI * 2); g.fill();
    return c.toDataURL('image/jpeg', 0.8);
  })()`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * Inserts an EXIF APP1 segment right after the JPEG's SOI: IFD0 with a camera Make and a GPS
 * IFD (latitude N 48° 51' 29.58"), little-endian TIFF as cameras write it.
 */
export function withGpsExif(jpeg: Buffer): Buffer {
  const make = Buffer.from(`${exifMarker}\0`, 'ascii');
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 2 * 12 + 4 + 24 + make.length);
  let o = 0;
  tiff.write('II', o);
  o += 2;
  tiff.writeUInt16LE(42, o);
  o += 2;
  tiff.writeUInt32LE(8, o);
  o += 4;
  const ifd0 = 8;
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4;
  const rationals = gpsIfd + 2 + 2 * 12 + 4;
  const makeAt = rationals + 24;
  const entry = (tag: number, type: number, count: number, value: number, inline?: Buffer) => {
    tiff.writeUInt16LE(tag, o);
    tiff.writeUInt16LE(type, o + 2);
    tiff.writeUInt32LE(count, o + 4);
    if (inline) inline.copy(tiff, o + 8);
    else tiff.writeUInt32LE(value, o + 8);
    o += 12;
  };
  tiff.writeUInt16LE(2, o);
  o += 2;
  entry(0x010f, 2, make.length, makeAt); // Make
  entry(0x8825, 4, 1, gpsIfd); // GPSInfo
  tiff.writeUInt32LE(0, o);
  o += 4;
  tiff.writeUInt16LE(2, o);
  o += 2;
  entry(0x0001, 2, 2, 0, Buffer.from('N\0', 'ascii')); // GPSLatitudeRef
  entry(0x0002, 5, 3, rationals); // GPSLatitude
  tiff.writeUInt32LE(0, o);
  o += 4;
  for (const [num, den] of [
    [48, 1],
    [51, 1],
    [2958, 100],
  ] as const) {
    tiff.writeUInt32LE(num, o);
    tiff.writeUInt32LE(den, o + 4);
    o += 8;
  }
  make.copy(tiff, o);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** Width and height of a WebP file (VP8, VP8L or VP8X), or null when it is not one. */
export function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

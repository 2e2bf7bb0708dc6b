/**
 * Browser-side image work: decode, crop, resize on a canvas and re-encode as WebP. Re-encoding
 * drops every metadata block (EXIF, GPS), so nothing about where a photo was taken leaves the device.
 */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This file could not be read as an image.'));
    image.src = src;
  });
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), type, quality);
  });
}

/** Crops `area` (source pixels) out of the image and scales it to fit `maxSide`, as WebP. */
export async function cropAndResize(src: string, area: CropArea, maxSide: number, quality = 0.85): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot edit images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvasToBlob(canvas, 'image/webp', quality);
}

/**
 * The ThumbHash of an image (base64, about 25 bytes): drawn at most 100 px on its long side
 * and hashed, in the browser. It is stored with the photo and drawn while the photo loads.
 */
export async function computeThumbHash(src: string): Promise<string> {
  const [{ rgbaToThumbHash }, image] = await Promise.all([import('thumbhash'), loadImage(src)]);
  const scale = Math.min(1, 100 / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot edit images.');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const hash = rgbaToThumbHash(pixels.width, pixels.height, pixels.data);
  return btoa(String.fromCharCode(...hash));
}

import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a QR code carries, read from a PNG picture of it (a screenshot), as a camera would. */
export function decodeQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (found === null) throw new Error('no QR code found in the picture');
  return found.data;
}

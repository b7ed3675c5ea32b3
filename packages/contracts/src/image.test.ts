import { describe, expect, it } from 'vitest';
import { detectImageType } from './image.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('detectImageType', () => {
  it('recognises the accepted formats by content', () => {
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(detectImageType(webp)?.ext).toBe('webp');
    expect(detectImageType(ascii('GIF89a'))?.ext).toBe('gif');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImageType(ascii('%PDF-1.7 pretending to be .png'))).toBeNull();
    expect(detectImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

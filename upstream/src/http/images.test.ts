import { describe, expect, it } from 'vitest';
import { encodePng } from '../seed/png';
import { checkPixels, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageDimensions, sniffFile } from './images';
import { blankPng, jpeg, jpegFrame, webp } from './test-images';

const IMAGES = ['image/png', 'image/jpeg', 'image/webp'];

/** the HttpError code checkPixels throws, or null */
const refusal = (data: Buffer, mime: string) => {
  try {
    checkPixels(data, mime);
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('the pixel budget, read from image headers', () => {
  it('refuses the 15,000 × 15,000 PNG bomb and accepts an ordinary PNG', async () => {
    const bomb = blankPng(15_000, 15_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect(imageDimensions(bomb, 'image/png')).toEqual({ width: 15_000, height: 15_000 });
    await expect(sniffFile(bomb, IMAGES)).rejects.toMatchObject({ status: 413, code: 'image_too_large' });
    expect(
      await sniffFile(
        encodePng(64, 32, () => [1, 2, 3]),
        IMAGES,
      ),
    ).toEqual({ mime: 'image/png', ext: 'png' });
  });

  it('holds the total and each side to the budget', () => {
    expect(refusal(blankPng(IMAGE_MAX_SIDE, 4_000), 'image/png')).toBeNull();
    expect(refusal(blankPng(IMAGE_MAX_SIDE + 1, 10), 'image/png')).toBe('image_too_large');
    expect(refusal(blankPng(10, IMAGE_MAX_SIDE + 1), 'image/png')).toBe('image_too_large');
    expect(IMAGE_MAX_SIDE ** 2).toBeGreaterThan(IMAGE_MAX_PIXELS);
    expect(refusal(blankPng(IMAGE_MAX_SIDE, 4_001), 'image/png')).toBe('image_too_large');
  });

  it('reads every WebP header: lossy, lossless and extended', () => {
    for (const make of [webp.lossy, webp.lossless, webp.extended]) {
      expect(imageDimensions(make(800, 600), 'image/webp')).toEqual({ width: 800, height: 600 });
      expect(refusal(make(800, 600), 'image/webp')).toBeNull();
      expect(refusal(make(9_000, 9_000), 'image/webp')).toBe('image_too_large');
    }
    expect(refusal(webp.lossy(12_000, 100), 'image/webp')).toBe('image_too_large');
    expect(refusal(webp.extended(16_000_000, 16_000_000), 'image/webp')).toBe('image_too_large');
  });

  it('reads a JPEG frame whatever its kind, and refuses a huge one', () => {
    expect(imageDimensions(jpeg([jpegFrame(1920, 1080)]), 'image/jpeg')).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(refusal(jpeg([jpegFrame(1920, 1080)]), 'image/jpeg')).toBeNull();
    expect(refusal(jpeg([jpegFrame(15_000, 15_000)]), 'image/jpeg')).toBe('image_too_large');
    // progressive, and arithmetic-coded (SOF10), which image-size's reader passes over
    expect(refusal(jpeg([jpegFrame(15_000, 15_000, 0xc2)]), 'image/jpeg')).toBe('image_too_large');
    expect(refusal(jpeg([jpegFrame(15_000, 15_000, 0xca)]), 'image/jpeg')).toBe('image_too_large');
  });

  it('takes the frame of a JPEG, not the one of its EXIF thumbnail', () => {
    const bomb = jpeg([jpegFrame(15_000, 15_000)], { width: 160, height: 120 });
    expect(imageDimensions(bomb, 'image/jpeg')).toEqual({ width: 15_000, height: 15_000 });
    expect(refusal(bomb, 'image/jpeg')).toBe('image_too_large');
    const photo = jpeg([jpegFrame(4_000, 3_000)], { width: 15_000, height: 15_000 });
    expect(imageDimensions(photo, 'image/jpeg')).toEqual({ width: 4_000, height: 3_000 });
  });

  it('refuses a JPEG with two frames, none, a zero height or a broken segment: no header to trust', () => {
    const small = jpegFrame(100, 100);
    const large = jpegFrame(15_000, 15_000, 0xc9);
    expect(refusal(jpeg([large, small]), 'image/jpeg')).toBe('unsupported_media_type');
    expect(refusal(jpeg([small, large]), 'image/jpeg')).toBe('unsupported_media_type');
    expect(refusal(jpeg([]), 'image/jpeg')).toBe('unsupported_media_type');
    expect(refusal(jpeg([jpegFrame(100, 0)]), 'image/jpeg')).toBe('unsupported_media_type');
    const broken = jpeg([small]);
    broken[2] = 0x00; // no marker where a segment should start: a decoder stops there too
    expect(refusal(broken, 'image/jpeg')).toBe('unsupported_media_type');
  });

  it('refuses a header that is not the type the bytes were sniffed as', () => {
    expect(refusal(webp.lossy(10, 10), 'image/png')).toBe('unsupported_media_type');
    expect(refusal(Buffer.from('not an image'), 'image/png')).toBe('unsupported_media_type');
  });
});

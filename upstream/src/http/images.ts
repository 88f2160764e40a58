import { createHash } from 'node:crypto';
import {
  ORGANIZATION_IMAGE_MAX_BYTES as IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_TYPES as IMAGE_TYPES,
} from '@evt/contracts/upstream-events';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { HttpError } from './errors';
import { jpegSize } from './jpeg-size';

export { IMAGE_MAX_BYTES };

/**
 * The pixel budget of every image stored here (logos, organisation images, uploaded documents that are
 * images). A browser decodes an image whole, at 4 bytes a pixel, whatever size it is shown at, so the
 * budget bounds the memory each page costs its visitors: 40 megapixels is 160 MB decoded, room for an 8K
 * screenshot (33 MP) or a full-size photo of nearly any camera, while the attack's 219 KB PNG of
 * 15,000 × 15,000 (225 MP, 900 MB decoded) is refused. The side limit refuses strips that pass the total
 * (100,000 × 400) and keeps each side within the 16,384 px textures browsers draw images into.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;

/** Width and height from the header alone (nothing is decoded), or null when it cannot be read. */
export function imageDimensions(data: Buffer, mime: string): { width: number; height: number } | null {
  if (mime === 'image/jpeg') return jpegSize(data);
  try {
    const size = imageSize(data);
    // the header must be the type the bytes were sniffed as
    if (`image/${size.type}` !== mime || !size.width || !size.height) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** Throws unless the image's header can be read and its size is within the pixel budget. */
export function checkPixels(data: Buffer, mime: string): void {
  const size = imageDimensions(data, mime);
  if (!size) throw new HttpError(415, 'unsupported_media_type', 'The image cannot be read');
  if (
    size.width > IMAGE_MAX_SIDE ||
    size.height > IMAGE_MAX_SIDE ||
    size.width * size.height > IMAGE_MAX_PIXELS
  )
    throw new HttpError(
      413,
      'image_too_large',
      `The image exceeds ${IMAGE_MAX_PIXELS / 1e6} megapixels or ${IMAGE_MAX_SIDE} pixels on a side`,
    );
}

/**
 * The file's type read from its bytes, never trusted from the client's header or file name; null when it
 * is not one of `accepted`. Every image also has to fit the pixel budget: each upload route takes its type
 * from here, so none can store an image without the check.
 */
export async function sniffFile(
  data: Buffer,
  accepted: readonly string[],
): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !accepted.includes(type.mime)) return null;
  if (type.mime.startsWith('image/')) checkPixels(data, type.mime);
  return { mime: type.mime, ext: type.ext };
}

export async function checkImage(data: Buffer): Promise<{ contentType: string; hash: string }> {
  if (data.length === 0) throw new HttpError(400, 'empty_file', 'The file is empty');
  if (data.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'payload_too_large', 'The image exceeds 5 MB');
  const type = await sniffFile(data, IMAGE_TYPES);
  if (!type)
    throw new HttpError(415, 'unsupported_media_type', 'Only PNG, JPEG and WebP images are accepted');
  return { contentType: type.mime, hash: createHash('sha256').update(data).digest('hex') };
}

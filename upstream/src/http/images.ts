import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors';

import {
  ORGANIZATION_IMAGE_MAX_BYTES as IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_TYPES as IMAGE_TYPES,
} from '@evt/contracts/upstream-events';

export { IMAGE_MAX_BYTES };

/** The type is read from the bytes, never trusted from the client's header or file name. */
export async function checkImage(data: Buffer): Promise<{ contentType: string; hash: string }> {
  if (data.length === 0) throw new HttpError(400, 'empty_file', 'The file is empty');
  if (data.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'payload_too_large', 'The image exceeds 5 MB');
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new HttpError(415, 'unsupported_media_type', 'Only PNG, JPEG and WebP images are accepted');
  }
  return { contentType: type.mime, hash: createHash('sha256').update(data).digest('hex') };
}

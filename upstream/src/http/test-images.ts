import { deflateSync } from 'node:zlib';
import { chunk } from '../seed/png';

/**
 * Image headers crafted byte by byte for the tests of the pixel budget: valid enough for file-type and a
 * header reader, without the cost of real pixels.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A complete, valid 1-bit greyscale PNG of all-black rows: a 15,000 × 15,000 one compresses to a few
 * tens of KB and decodes to 225 megapixels (900 MB in a browser): the decompression bomb.
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit depth, greyscale, deflate, no filter method, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero bits per row
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** A frame header (SOF0 unless told): 8-bit precision, one component. */
export const jpegFrame = (width: number, height: number, marker = 0xc0) => {
  const body = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  body.writeUInt16BE(height, 1);
  body.writeUInt16BE(width, 3);
  return segment(marker, body);
};

/**
 * A JPEG's header: SOI, an optional EXIF APP1 segment carrying a thumbnail (itself a whole JPEG, whose
 * frame a careless reader takes for the image's), the given frame segments, then a scan and EOI.
 */
export function jpeg(frames: Buffer[], thumbnail?: { width: number; height: number }): Buffer {
  const exif = thumbnail
    ? [
        segment(
          0xe1,
          Buffer.concat([
            Buffer.from('Exif\0\0MM\0\x2a\0\0\0\x08\0\0', 'latin1'),
            jpeg([jpegFrame(thumbnail.width, thumbnail.height)]),
          ]),
        ),
      ]
    : [];
  const scan = segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0]));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...exif,
    ...frames,
    scan,
    Buffer.from([0x12, 0x34, 0x56, 0x78]), // entropy-coded data
    Buffer.from([0xff, 0xd9]),
  ]);
}

const riff = (fourcc: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  const body = Buffer.concat([head, payload, Buffer.alloc(payload.length % 2)]);
  const file = Buffer.alloc(12);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(body.length + 4, 4);
  file.write('WEBP', 8, 'latin1');
  return Buffer.concat([file, body]);
};

/** WebP in each of its three headers: lossy (VP8), lossless (VP8L), extended (VP8X canvas). */
export const webp = {
  lossy(width: number, height: number): Buffer {
    const payload = Buffer.alloc(10);
    payload.set([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a]); // key frame tag, start code
    payload.writeUInt16LE(width, 6);
    payload.writeUInt16LE(height, 8);
    return riff('VP8 ', payload);
  },
  lossless(width: number, height: number): Buffer {
    const payload = Buffer.alloc(5);
    payload[0] = 0x2f;
    payload.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
    return riff('VP8L', payload);
  },
  extended(width: number, height: number): Buffer {
    const payload = Buffer.alloc(10);
    payload.writeUIntLE(width - 1, 4, 3);
    payload.writeUIntLE(height - 1, 7, 3);
    return riff('VP8X', payload);
  },
};

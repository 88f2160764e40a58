/** SOFn markers (frame headers): C0–CF but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The frame size of a JPEG, read from its segment headers without decoding. Walked strictly, segment by
 * segment, from SOI to the first SOS, as a decoder reads it: segments (APP1 with its EXIF thumbnail, which
 * is a whole JPEG of its own, included) are skipped by their length, so a marker inside one is never taken
 * for the image's own; every kind of frame counts (image-size's walker only knows SOF0–2 and resyncs on
 * stray bytes, so a large arithmetic or lossless frame could hide behind a small fake one); a second frame
 * or none before the scan, a zero size (defined later by DNL) or a broken segment give null.
 */
export function jpegSize(data: Uint8Array): { width: number; height: number } | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let frame: { width: number; height: number } | null = null;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] as number;
    // fill bytes before a marker, and markers without a length (TEM, RSTn)
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return null;
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (isFrameMarker(marker)) {
      if (frame || length < 8 || at + 9 > data.length) return null;
      frame = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      if (frame.width === 0 || frame.height === 0) return null;
    }
    if (marker === 0xda) return frame;
    at += 2 + length;
  }
  return null;
}

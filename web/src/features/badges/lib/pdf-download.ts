import { BADGE_PROGRESS_HEADER, BADGE_PROGRESS_MARK } from '@evt/contracts/badges';
import { apiStream } from '../../../lib/api-client';

const MARK = new RegExp(`${BADGE_PROGRESS_MARK}(\\d+)/(\\d+)`, 'g');
const decoder = new TextDecoder('latin1');

/**
 * Downloads a badge PDF as it is drawn, reporting progress from the `%badge n/total` comments the server
 * writes between badges (valid PDF comments), and answers the whole file as a Blob.
 */
export async function downloadBadgePdf(
  path: string,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; total: number }> {
  const response = await apiStream(path, { signal });
  const total = Number(response.headers.get(BADGE_PROGRESS_HEADER) ?? 0);
  onProgress(0, total);
  const parts: Uint8Array[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    // a mark may straddle two chunks: keep the end of the previous one
    const text = tail + decoder.decode(value);
    let last: RegExpExecArray | null = null;
    for (const match of text.matchAll(MARK)) last = match;
    if (last) onProgress(Number(last[1]), Number(last[2]));
    tail = text.slice(-40);
  }
  return { blob: new Blob(parts as BlobPart[], { type: 'application/pdf' }), total };
}

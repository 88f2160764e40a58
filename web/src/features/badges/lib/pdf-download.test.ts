// @vitest-environment node
import { BADGE_PROGRESS_HEADER, BADGE_PROGRESS_MARK } from '@evt/contracts/badges';
import { errorCode } from '@evt/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { downloadBadgePdf } from './pdf-download';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
});

/** A PDF answer sent in the given chunks. */
function streamed(chunks: string[], total: number) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { [BADGE_PROGRESS_HEADER]: String(total) } });
}

describe('the badge PDF download', () => {
  it('reports progress from the marks, a mark cut between two chunks included', async () => {
    const mark = `${BADGE_PROGRESS_MARK}2/3`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        streamed(
          ['%PDF-1.7\n', `${BADGE_PROGRESS_MARK}1/3\n`, mark.slice(0, 5), `${mark.slice(5)}\n%%EOF`],
          3,
        ),
      ),
    );
    const seen: [number, number][] = [];
    const { blob, total } = await downloadBadgePdf('/events/1/badges.pdf', (done, all) =>
      seen.push([done, all]),
    );
    expect(total).toBe(3);
    expect(seen).toEqual([
      [0, 3],
      [1, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toContain('%%EOF');
  });

  it('goes through the one door: a lost session reaches the handler, a refusal keeps its code', async () => {
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    const refusal = (status: number, code: string) =>
      vi.fn(async () => new Response(JSON.stringify({ error: { code, message: 'x' } }), { status }));
    vi.stubGlobal('fetch', refusal(401, errorCode.unauthenticated));
    await expect(downloadBadgePdf('/events/1/badges.pdf', () => {})).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', refusal(403, errorCode.forbidden));
    await expect(downloadBadgePdf('/events/1/badges.pdf', () => {})).rejects.toMatchObject({
      status: 403,
      code: errorCode.forbidden,
    });
  });
});

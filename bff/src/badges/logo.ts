import type { Logger } from 'pino';

/** The largest logo a badge embeds; a larger one is left off (the event page takes up to the same). */
export const BADGE_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** What pdfkit can embed, told by the bytes themselves rather than by what a header says. */
export function imageTypeOf(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

interface LogoDeps {
  config: { upstreamApiUrl: string; upstreamTimeoutMs: number };
  logger: Logger;
}

/**
 * The event's logo (the upstream's public `GET /events/{id}/logo`, the path the event carries), for the
 * badges: a PNG or JPEG of at most BADGE_LOGO_MAX_BYTES, else none (the badge prints without it).
 */
export async function readLogo(
  deps: LogoDeps,
  logoPath: string | null,
  requestId: string,
): Promise<Buffer | null> {
  if (!logoPath?.startsWith('/events/')) return null;
  try {
    const response = await fetch(deps.config.upstreamApiUrl + logoPath, {
      headers: { 'x-request-id': requestId },
      signal: AbortSignal.timeout(deps.config.upstreamTimeoutMs),
    });
    if (!response.ok) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > BADGE_LOGO_MAX_BYTES) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > BADGE_LOGO_MAX_BYTES || !imageTypeOf(bytes)) return null;
    return bytes;
  } catch (error) {
    deps.logger.warn({ err: error, requestId }, 'badge logo unreadable: badges print without it');
    return null;
  }
}

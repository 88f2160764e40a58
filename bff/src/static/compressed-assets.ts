import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const MAX_ENTRIES = 500;

/**
 * The hashed /assets files compressed once (brotli or gzip, as the browser accepts) and kept in memory:
 * they never change under one name, and an uncompressed bundle costs a mobile visitor seconds. Anything
 * else (images, unknown names, no accepted encoding) falls through to express.static.
 */
export function compressedAssets(assetsDir: string): RequestHandler {
  const cache = new Map<string, Promise<{ br: Buffer; gzip: Buffer } | null>>();
  const load = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = readFile(path.join(assetsDir, file))
        .then(async (raw) => ({
          br: await brotli(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
          gzip: await gz(raw, { level: 9 }),
        }))
        .catch(() => null);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(file, entry);
    }
    return entry;
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = req.path.slice(1);
    const type = TYPES[path.extname(file)];
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!type || !encoding || !/^[\w.-]+$/.test(file)) return next();
    const compressed = await load(file);
    if (!compressed) return next();
    const body = encoding === 'br' ? compressed.br : compressed.gzip;
    res
      .status(200)
      .set('content-type', type)
      .set('content-encoding', encoding)
      .set('vary', 'accept-encoding')
      .set('content-length', String(body.length))
      .set('cache-control', 'public, max-age=31536000, immutable')
      .end(req.method === 'HEAD' ? undefined : body);
  };
}

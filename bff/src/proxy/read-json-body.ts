import type { IncomingMessage } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import { HttpError } from '../http/http-error';

export const JSON_BODY_LIMIT = 1024 * 1024;

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads a JSON body of at most `limit` bytes (413 beyond, checked on Content-Length before reading) and
 * parses it (400 errors.malformedJson). Only for routes whose contract has a body schema.
 */
export function readJsonBody(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (!isJsonContentType(req.headers['content-type'])) {
      reject(new HttpError(415, errorCode.unsupportedMediaType));
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      reject(new HttpError(413, errorCode.payloadTooLarge));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new HttpError(413, errorCode.payloadTooLarge));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text.length === 0 ? undefined : JSON.parse(text));
      } catch {
        reject(new HttpError(400, errorCode.malformedJson));
      }
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

import { randomBytes } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { errorCode } from '@evt/contracts/errors';
import { fileFieldFor } from '@evt/contracts/forms/registry';
import { publicRegistrationRoutes, uploadFields } from '@evt/contracts/public-registrations';
import type { UpstreamRoute } from '@evt/contracts/http';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { UpstreamClient } from '../../upstream/client';
import type { EventFormsReader } from './event-forms';

/** file-type reads at most this much to recognise a format */
const SNIFF_BYTES = 4100;

type FileLimits = { readonly types: readonly string[]; readonly maxBytes: number };

/**
 * One streamed upload route: where it goes upstream, its outer size limit, and from the text parts (sent
 * before the file) and the request, the file's limits and the text parts passed on to the upstream.
 */
export interface StreamedUpload<F, U extends UpstreamRoute = UpstreamRoute> {
  route: U;
  maxBytes: number;
  fieldsOf: (req: Request) => F;
  limitsOf: (fields: F, req: Request) => FileLimits | undefined | Promise<FileLimits | undefined>;
  partsOf: (fields: F) => Record<string, string>;
}

/**
 * The registration forms' uploads: the event, the form's kind and the file field pick the limits (a file
 * question of the event's form has its own field, read from the event's forms).
 */
const registrationUpload = (
  readForms: EventFormsReader,
): StreamedUpload<ReturnType<typeof uploadFields.parse>, typeof upstreamRoutes.publicUpload> => ({
  route: upstreamRoutes.publicUpload,
  maxBytes: publicRegistrationRoutes.upload.upload.maxBytes,
  fieldsOf: (req) => validate(uploadFields, req.body),
  limitsOf: async (fields, req) => {
    const own = fileFieldFor(fields.kind, fields.field);
    if (own) return own;
    const { forms } = await readForms(fields.eventSlug, requestId(req));
    const questions = forms.find((form) => form.kind === fields.kind)?.questions ?? [];
    return fileFieldFor(fields.kind, fields.field, questions);
  },
  partsOf: (fields) => ({ eventSlug: fields.eventSlug, kind: fields.kind, field: fields.field }),
});

/** the upstream's answer, read in the storage engine and judged by the handler */
interface Forwarded {
  status: number;
  text: string;
}

/** Reads the first bytes of a stream (or all of it when shorter) without losing them. */
function readHead(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      stream.off('data', onData);
      stream.off('end', done);
      stream.off('error', reject);
      stream.pause();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) done();
    };
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', reject);
  });
}

/**
 * A multer storage that stores nothing here: the fields (sent before the file) pick the field's limits,
 * the first bytes are sniffed, and only an accepted file is streamed on to the upstream, counted as it
 * goes; going over the field's limit aborts the upstream call, which then stores nothing.
 */
function forwardingStorage<F>(
  upstream: UpstreamClient,
  res: Response,
  spec: StreamedUpload<F, UpstreamRoute>,
): multer.StorageEngine {
  const { route } = spec;
  return {
    _handleFile(req, file, callback) {
      void (async () => {
        const fields = spec.fieldsOf(req);
        const limits = await spec.limitsOf(fields, req);
        if (!limits)
          throw new HttpError(400, errorCode.validation, {
            fieldErrors: { field: ['validation.invalidInput'] },
          });
        const head = await readHead(file.stream);
        const sniffed = await fileTypeFromBuffer(head);
        if (!sniffed || !limits.types.includes(sniffed.mime))
          throw new HttpError(415, errorCode.unsupportedMediaType);

        const boundary = `----evt${randomBytes(12).toString('hex')}`;
        const part = (name: string, value: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        const filename = (file.originalname || 'file').replace(/["\r\n\\]/g, '_');
        const body = new PassThrough();
        body.write(
          Object.entries(spec.partsOf(fields))
            .map(([name, value]) => part(name, value))
            .join(''),
        );
        body.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${sniffed.mime}\r\n\r\n`,
        );
        const abort = new AbortController();
        let size = 0;
        let tooLarge = false;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            size += chunk.length;
            if (size > limits.maxBytes) {
              tooLarge = true;
              abort.abort();
              return next(new HttpError(413, errorCode.payloadTooLarge));
            }
            next(null, chunk);
          },
        });
        counter.on('error', () => body.destroy());
        counter.pipe(body, { end: false });
        counter.on('end', () => body.end(`\r\n--${boundary}--\r\n`));
        counter.write(head);
        file.stream.pipe(counter);
        file.stream.resume();

        let answer: globalThis.Response;
        try {
          answer = await fetch(upstream.restUrl + route.path, {
            method: route.method,
            headers: {
              ...upstream.serviceHeader,
              accept: 'application/json',
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'x-request-id': requestId(req),
            },
            body: Readable.toWeb(body) as ReadableStream,
            duplex: 'half',
            signal: AbortSignal.any([abort.signal, AbortSignal.timeout(upstream.timeoutMs)]),
          } as RequestInit);
        } catch (error) {
          if (tooLarge) throw new HttpError(413, errorCode.payloadTooLarge);
          throw upstream.failed(route, error, requestId(req));
        }
        const text = await answer.text().catch((error: unknown) => {
          throw upstream.failed(route, error, requestId(req));
        });
        (res.locals as { forwarded?: Forwarded }).forwarded = { status: answer.status, text };
      })().then(
        () => callback(null, {}),
        (error: unknown) => {
          file.stream.resume();
          callback(error);
        },
      );
    },
    _removeFile(_req, _file, callback) {
      callback(null);
    },
  };
}

function readMultipart<F>(
  req: Request,
  res: Response,
  upstream: UpstreamClient,
  spec: StreamedUpload<F, UpstreamRoute>,
): Promise<void> {
  const parse = multer({
    storage: forwardingStorage(upstream, res, spec),
    limits: { fileSize: spec.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single('file');
  return new Promise((resolve, reject) => {
    parse(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof HttpError) return reject(error);
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, errorCode.payloadTooLarge));
      if (typeof code === 'string' && code.startsWith('LIMIT_'))
        return reject(
          new HttpError(400, errorCode.validation, { fieldErrors: { file: ['validation.invalidInput'] } }),
        );
      reject(new HttpError(400, errorCode.malformedJson));
    });
  });
}

/** `POST /api/public/uploads`: a registration form's file. */
export function uploadHandler(upstream: UpstreamClient, readForms: EventFormsReader) {
  return streamedUploadHandler(upstream, registrationUpload(readForms));
}

/** A multipart route whose one file is sniffed, counted and streamed on to the upstream as `spec` says. */
export function streamedUploadHandler<F, U extends UpstreamRoute>(
  upstream: UpstreamClient,
  spec: StreamedUpload<F, U>,
) {
  const { route, maxBytes } = spec;
  // the text parts arrive with the stream (before the file): `fieldsOf` parses them there
  return async ({ req, res }: { req: Request; res: Response }) => {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) throw new HttpError(415, errorCode.unsupportedMediaType);
    // a declared body far over the limit is refused before reading it
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024)
      throw new HttpError(413, errorCode.payloadTooLarge);
    await readMultipart(req, res, upstream, spec);
    const forwarded = (res.locals as { forwarded?: Forwarded }).forwarded;
    if (!forwarded)
      throw new HttpError(400, errorCode.validation, { fieldErrors: { file: ['validation.required'] } });
    // the answer goes through the route's contract and the one failure map, like every other call
    return {
      status: 201 as const,
      body: upstream.answer(route, forwarded.status, forwarded.text, requestId(req)),
    };
  };
}

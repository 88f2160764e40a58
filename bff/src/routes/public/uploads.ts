import { errorCode } from '@evt/contracts/errors';
import { fileFieldFor } from '@evt/contracts/forms/registry';
import { registrationRoutes, uploadFields } from '@evt/contracts/registrations';
import type { Request, RequestHandler, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { serviceClient } from './service-client';

const { maxBytes } = registrationRoutes.upload.upload;

/**
 * busboy streams the part and stops counting at the route's outer limit, so at most `maxBytes` (5 MiB) of a
 * visitor's file is ever held; nothing reaches the upstream before the size and the sniffed type pass.
 * Text fields come before the file part, so the field's own limits are known once the file is read.
 */
const parseMultipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

function readMultipart(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    parseMultipart(req, res, (error: unknown) => {
      if (!error) return resolve();
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

export function uploadHandler(service: ReturnType<typeof serviceClient>): RequestHandler {
  return async (req, res) => {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) throw new HttpError(415, errorCode.unsupportedMediaType);
    await readMultipart(req, res);
    const fields = validate(uploadFields, req.body);
    const limits = fileFieldFor(fields.kind, fields.field);
    if (!limits)
      throw new HttpError(400, errorCode.validation, { fieldErrors: { field: ['validation.invalidInput'] } });
    const file = req.file;
    if (!file)
      throw new HttpError(400, errorCode.validation, { fieldErrors: { file: ['validation.required'] } });
    if (file.size > limits.maxBytes) throw new HttpError(413, errorCode.payloadTooLarge);
    // the content decides, never the browser's claim or the file name
    const sniffed = await fileTypeFromBuffer(file.buffer);
    if (!sniffed || !limits.types.includes(sniffed.mime))
      throw new HttpError(415, errorCode.unsupportedMediaType);

    const form = new FormData();
    form.set('eventSlug', fields.eventSlug);
    form.set('kind', fields.kind);
    form.set('field', fields.field);
    form.set('file', new Blob([file.buffer], { type: sniffed.mime }), file.originalname || 'file');
    const answer = await service.api('/public/uploads', { method: 'POST', body: form }, requestId(req));
    res.status(201).json(answer.data);
  };
}

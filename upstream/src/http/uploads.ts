import type { RequestHandler } from 'express';
import multer from 'multer';

/**
 * Multipart parsing with hard limits: busboy streams each part and stops at the size limit, so at most
 * `maxBytes` per file is ever held. Any field name is accepted; the route decides how many files it takes.
 */
export function multipart(maxBytes: number, maxFiles: number): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: maxFiles, fields: 20, fieldSize: 64 * 1024, parts: maxFiles + 20 },
  }).any();
}

export function filesOf(files: unknown): Express.Multer.File[] {
  return Array.isArray(files) ? (files as Express.Multer.File[]) : [];
}

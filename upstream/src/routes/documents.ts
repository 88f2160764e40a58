import { documentParams, documentRenameBody } from '@evt/contracts/documents';
import { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { authOf, requireAuth } from '../http/auth';
import { fileNameFor } from '../http/download-name';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { eventDocumentsOf } from '../webhook/queries';

/**
 * Extensions (see README): rename and delete an event document, members of the event's
 * organisation only. Upload, list and download stay in routes/events.ts.
 */
export function documentRoutes(ctx: Ctx): Router {
  const router = Router();
  const { db } = ctx;
  const auth = requireAuth(ctx);

  /** The new name keeps the extension of the type read from the bytes at upload, as the upload's name does. */
  router.put('/events/:id/documents/:documentId', auth, async (req, res) => {
    const { id: eventId, documentId } = parse(documentParams, req.params);
    await requireEvent(db, eventId, authOf(res).id);
    const { filename } = parse(documentRenameBody, req.body);
    const rows = await db.query<{ content_type: string }>(
      'SELECT content_type FROM event_documents WHERE id = $1 AND event_id = $2',
      [documentId, eventId],
    );
    const doc = rows[0];
    if (!doc) throw notFound('Document');
    await db.query('UPDATE event_documents SET filename = $2 WHERE id = $1', [
      documentId,
      fileNameFor(filename, doc.content_type),
    ]);
    const renamed = (await eventDocumentsOf(db, eventId)).find((d) => d.id === documentId);
    res.json(renamed);
  });

  router.delete('/events/:id/documents/:documentId', auth, async (req, res) => {
    const { id: eventId, documentId } = parse(documentParams, req.params);
    await requireEvent(db, eventId, authOf(res).id);
    const rows = await db.query<{ id: number }>(
      'DELETE FROM event_documents WHERE id = $1 AND event_id = $2 RETURNING id',
      [documentId, eventId],
    );
    if (!rows[0]) throw notFound('Document');
    res.status(204).end();
  });

  return router;
}

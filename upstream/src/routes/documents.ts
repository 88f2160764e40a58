import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { authOf } from '../http/auth';
import { fileNameFor } from '../http/download-name';
import { notFound } from '../http/errors';
import { deleteAudited } from '../rights/permissions';
import { eventDocumentsOf } from '../webhook/queries';

/**
 * Extensions (see README): rename and delete an event document, members of the event's
 * organisation only. Upload, list and download stay in routes/events.ts.
 */
export function documentRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** The new name keeps the extension of the type read from the bytes at upload, as the upload's name does. */
  mount(apiRoutes.documents.rename, async ({ params, body }, _req, res) => {
    const { id: eventId, documentId } = params;
    await requireEvent(db, eventId, authOf(res).id);
    const { filename } = body;
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

  mount(apiRoutes.documents.remove, async ({ params }, _req, res) => {
    const { id: eventId, documentId } = params;
    const userId = authOf(res).id;
    const event = await requireEvent<{ organization_id: number }>(db, eventId, userId);
    await deleteAudited(
      db,
      {
        sql: 'DELETE FROM event_documents WHERE id = $1 AND event_id = $2 RETURNING filename AS name',
        params: [documentId, eventId],
        what: 'Document',
      },
      { organizationId: event.organization_id, eventId, actorId: userId, action: 'document.deleted' },
    );
    res.status(204).end();
  });

  return router;
}

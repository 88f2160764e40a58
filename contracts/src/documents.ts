import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { listOf, organization, orgParams } from './organizations';
import { eventDocument } from './upstream-automation';
import {
  EVENT_DOCUMENT_MAX_BYTES,
  EVENT_DOCUMENT_MAX_FILES,
  EVENT_DOCUMENT_TYPES,
  ORGANIZATION_IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_TYPES,
} from './upstream-events';
import { id, requiredText } from './validation';

/** A whole multipart request: the files plus the multipart framing (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

export const documentParams = z.object({ id: id(), documentId: id() });
/**
 * Extension `PUT /events/{id}/documents/{documentId}`: the new name; the upstream keeps the extension of the
 * type read from the file's bytes (so `plan` or `plan.exe` of a PDF is stored `plan.pdf`).
 */
export const documentRenameBody = z.object({ filename: requiredText(120) });

export const documentRoutes = {
  /**
   * Multipart, streamed by the BFF. `maxBytes` bounds the whole request body (every file plus framing):
   * the BFF refuses a larger declared length at once (413) and cuts a stream that grows past it. The
   * upstream reads each file's type from its bytes (415).
   */
  upload: defineRoute({
    method: 'POST',
    path: '/events/:id/documents',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    upload: {
      maxBytes: EVENT_DOCUMENT_MAX_BYTES * EVENT_DOCUMENT_MAX_FILES + MULTIPART_OVERHEAD,
      types: EVENT_DOCUMENT_TYPES,
    },
    responses: { 201: listOf(eventDocument), ...commonErrors },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/documents',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: listOf(eventDocument), ...commonErrors },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/events/:id/documents/:documentId',
    kind: 'proxy',
    auth: 'session',
    params: documentParams,
    responses: { 200: null, ...commonErrors },
  }),
  /** extension: answers the document as listed */
  rename: defineRoute({
    method: 'PUT',
    path: '/events/:id/documents/:documentId',
    kind: 'proxy',
    auth: 'session',
    params: documentParams,
    body: documentRenameBody,
    responses: { 200: eventDocument, ...commonErrors },
  }),
  /** extension */
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id/documents/:documentId',
    kind: 'proxy',
    auth: 'session',
    params: documentParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** public (extension): the logo brands the event's public registration pages */
  eventLogo: defineRoute({
    method: 'GET',
    path: '/events/:id/logo',
    kind: 'proxy',
    auth: 'public',
    params: eventParams,
    responses: { 200: null, ...commonErrors },
  }),
  organizationImage: defineRoute({
    method: 'POST',
    path: '/organizations/:id/image',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    upload: { maxBytes: ORGANIZATION_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD, types: ORGANIZATION_IMAGE_TYPES },
    responses: { 200: organization, ...commonErrors },
  }),
} as const;

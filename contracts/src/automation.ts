import { z } from 'zod';
import {
  configMatchingBody,
  eventFormBody,
  eventFormsOrderBody,
  zoomMeetingBody,
  zoomMeetingDeleteQuery,
} from './upstream-automation';
import type { OrgRole } from './roles';
import { ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES } from './upstream-events';
import { id } from './validation';

/**
 * The automation webhook service (spec section 7, below the table): one base URL, a fixed shared header,
 * and these operations, each at `{AUTOMATION_WEBHOOK_URL}/{path}`. The browser reaches them only through
 * the BFF's gateway at `/api/automation/{name}`, which checks that the signed-in user belongs to the
 * organisation or event named in the call before adding the shared header (the service trusts it).
 * The organisation credential is the one operation of the spec's list left out: its answer holds secret
 * values, so the BFF calls it itself and answers the browser masked ones (organization-credentials.ts).
 */
export type AutomationMethod = 'GET' | 'POST' | 'DELETE';

/** What one method of an operation accepts; the gateway forwards only what these schemas parsed. */
export interface AutomationRequest {
  /** the whole query, the scope key included; unknown keys are dropped, never forwarded */
  readonly query: z.ZodType;
  /** a JSON body, parsed and forwarded as parsed */
  readonly body?: z.ZodType;
  /** raw bytes streamed as they come (an image), bounded and typed by the declared Content-Type */
  readonly upload?: { readonly maxBytes: number; readonly types: readonly string[] };
}

export interface AutomationOperation {
  readonly path: string;
  /**
   * The organisation or event that scopes the call, read from the validated query and checked against
   * the user's membership. A body field of the same name must carry the same id.
   */
  readonly scope: { readonly kind: 'organization' | 'event'; readonly key: string };
  readonly requests: Readonly<Partial<Record<AutomationMethod, AutomationRequest>>>;
  /** the role needed in the scope's organisation (contracts/src/roles.ts); absent = any member */
  readonly role?: OrgRole;
}

const eventIdQuery = z.object({ eventId: id() });
const logoUpload = { maxBytes: ORGANIZATION_IMAGE_MAX_BYTES, types: ORGANIZATION_IMAGE_TYPES };

export const automationOperations = {
  eventLogo: {
    path: 'event-logo',
    scope: { kind: 'event', key: 'eventId' },
    requests: { POST: { query: eventIdQuery, upload: logoUpload } },
  },
  event: {
    path: 'event',
    scope: { kind: 'event', key: 'id' },
    requests: { GET: { query: z.object({ id: id() }) } },
  },
  enrolmentMetrics: {
    path: 'enrolment',
    scope: { kind: 'event', key: 'event' },
    requests: { GET: { query: z.object({ actions: z.literal('metrics'), event: id() }) } },
  },
  eventData: {
    path: 'event_data',
    scope: { kind: 'event', key: 'eventId' },
    requests: { GET: { query: eventIdQuery } },
  },
  eventForms: {
    path: 'event-forms',
    scope: { kind: 'event', key: 'eventId' },
    requests: {
      GET: { query: eventIdQuery },
      POST: { query: eventIdQuery, body: eventFormBody },
      // extension: removes a form no one registered through (409 form_in_use otherwise: close it instead)
      DELETE: { query: eventIdQuery.extend({ id: id() }) },
    },
  },
  /** extension (see upstream-automation.ts): the organiser's order of the event's forms */
  eventFormsOrder: {
    path: 'event-forms-order',
    scope: { kind: 'event', key: 'eventId' },
    requests: { POST: { query: eventIdQuery, body: eventFormsOrderBody } },
  },
  configMatching: {
    path: 'config_matching',
    scope: { kind: 'event', key: 'f' },
    requests: {
      GET: { query: z.object({ f: id() }) },
      POST: { query: z.object({ f: id() }), body: configMatchingBody },
    },
  },
  zoomMeeting: {
    path: 'zoom-meeting',
    scope: { kind: 'event', key: 'eventId' },
    requests: {
      POST: { query: eventIdQuery, body: zoomMeetingBody },
      DELETE: { query: zoomMeetingDeleteQuery },
    },
  },
} as const satisfies Record<string, AutomationOperation>;
export type AutomationOperationName = keyof typeof automationOperations;

export const DEFAULT_WEBHOOK_HEADER_NAME = 'x-automation-key';

import { z } from 'zod';
import { id } from './validation';

/**
 * The automation webhook service (spec section 7, below the table): one base URL, a fixed shared header,
 * and these operations, each at `{AUTOMATION_WEBHOOK_URL}/{path}`. The browser reaches them only through
 * the BFF's gateway at `/api/automation/{name}`, which checks that the signed-in user belongs to the
 * organisation or event named in the call before adding the shared header (the service trusts it).
 */
export interface AutomationOperation {
  readonly path: string;
  readonly methods: readonly ('GET' | 'POST' | 'DELETE')[];
  /** where the organisation or event id that scopes the call is read, checked against membership */
  readonly scope: {
    readonly kind: 'organization' | 'event';
    readonly from: 'query' | 'body';
    readonly key: string;
  };
  readonly query?: z.ZodType;
}

export const automationOperations = {
  organizationCredential: {
    path: 'organization-credential',
    methods: ['GET', 'POST'],
    scope: { kind: 'organization', from: 'query', key: 'id' },
    query: z.object({ id: id() }),
  },
  eventLogo: {
    path: 'event-logo',
    methods: ['POST'],
    scope: { kind: 'event', from: 'query', key: 'eventId' },
    query: z.object({ eventId: id() }),
  },
  event: {
    path: 'event',
    methods: ['GET'],
    scope: { kind: 'event', from: 'query', key: 'id' },
    query: z.object({ id: id() }),
  },
  enrolmentMetrics: {
    path: 'enrolment',
    methods: ['GET'],
    scope: { kind: 'event', from: 'query', key: 'event' },
    query: z.object({ actions: z.literal('metrics'), event: id() }),
  },
  eventData: {
    path: 'event_data',
    methods: ['GET'],
    scope: { kind: 'event', from: 'query', key: 'eventId' },
    query: z.object({ eventId: id() }),
  },
  eventForms: {
    path: 'event-forms',
    methods: ['GET', 'POST'],
    scope: { kind: 'event', from: 'query', key: 'eventId' },
    query: z.object({ eventId: id() }),
  },
  configMatching: {
    path: 'config_matching',
    methods: ['GET', 'POST'],
    scope: { kind: 'event', from: 'query', key: 'f' },
    query: z.object({ f: id() }),
  },
  zoomMeeting: {
    path: 'zoom-meeting',
    methods: ['POST', 'DELETE'],
    scope: { kind: 'event', from: 'query', key: 'eventId' },
    query: z.object({ eventId: id() }),
  },
} as const satisfies Record<string, AutomationOperation>;
export type AutomationOperationName = keyof typeof automationOperations;

export const DEFAULT_WEBHOOK_HEADER_NAME = 'x-automation-key';

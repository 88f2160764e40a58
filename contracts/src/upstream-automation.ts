import { z } from 'zod';
import { event } from './events';
import { LOCALES } from './locale';
import { id, msg, optionalText, requiredText } from './validation';
import { matchConfig } from './b2b';
import { customQuestion, questionList } from './forms/questions';

/**
 * Payloads of the automation webhook operations (spec section 7: "Payload shapes: not shown"; these are
 * the reference upstream's, see upstream/README.md). Paths and scopes are in automation.ts.
 */

/**
 * POST organization-credential: `{ id, ...credentials }` (the id may also be in the query); it replaces
 * the whole stored object. Only the BFF calls it (organization-credentials.ts masks what the browser sees).
 */
export const organizationCredentialBody = z.object({ id: id().optional() }).catchall(z.unknown());
export const organizationCredential = z.object({
  organizationId: z.number().int(),
  credentials: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});

/** POST event-logo?eventId=: the image bytes as the body (png, jpeg or webp, at most 5 MB). */
export const eventLogoResponse = z.object({ eventId: z.number().int(), logo: z.string() });

export const REGISTRATION_STATUSES = ['pending', 'confirmed'] as const;
export const enrolmentMetrics = z.object({
  eventId: z.number().int(),
  total: z.number().int(),
  byRole: z.record(z.string(), z.number().int()),
  byStatus: z.object({ pending: z.number().int(), confirmed: z.number().int() }),
  /** registrations per day (UTC, `YYYY-MM-DD`), oldest first */
  byDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type EnrolmentMetrics = z.infer<typeof enrolmentMetrics>;

/** The most places a form can have, and the longest time a promoted person can be given to confirm. */
export const FORM_CAPACITY_MAX = 1_000_000;
export const PROMOTION_HOURS_MAX = 720;
export const PROMOTION_HOURS_DEFAULT = 48;

/** A form's registration limits as the upstream answers them. */
const formLimits = {
  capacity: z.number().int().nonnegative().nullable().optional(),
  closesAt: z.string().nullable().optional(),
  waitlist: z.boolean().optional(),
  promotionHours: z.number().int().positive().optional(),
};

/** The limits as the organiser sends them: each absent one stays as stored; null clears a limit. */
export const formLimitsBody = z.object({
  capacity: z
    .number({ error: msg.wholeNumber })
    .int({ error: msg.wholeNumber })
    .min(0, { error: msg.wholeNumber })
    .max(FORM_CAPACITY_MAX, { error: msg.wholeNumber })
    .nullable()
    .optional(),
  closesAt: z.iso.datetime({ offset: true, error: msg.invalidInput }).nullable().optional(),
  waitlist: z.boolean({ error: msg.invalidInput }).optional(),
  promotionHours: z
    .number({ error: msg.wholeNumber })
    .int({ error: msg.wholeNumber })
    .min(1, { error: msg.wholeNumber })
    .max(PROMOTION_HOURS_MAX, { error: msg.wholeNumber })
    .optional(),
});

/** A registration form of an event; `kind` is the public form's slug (participant, exposant, b2b…). */
export const eventForm = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  kind: z.string(),
  title: z.string(),
  /** the title in the event's other languages (extension; absent from a spec upstream) */
  titles: z.partialRecord(z.enum(LOCALES), z.string()).optional(),
  open: z.boolean(),
  updatedAt: z.string(),
  /**
   * Registrations made through this form (the reference upstream counts them; an upstream that does not
   * leaves it out). Extension: the spec shows no shape.
   */
  registrations: z.number().int().nonnegative().optional(),
  /**
   * The organiser's own questions, in order (extension), the retired ones included (flagged): their
   * answers stay in the console's lists and exports.
   */
  questions: z.array(customQuestion).optional(),
  /**
   * Registration limits (extension, docs/decisions/registration.md): the number of places (null: no
   * limit), when the form stops taking registrations (null: never), whether a full form keeps a waiting
   * list, and how many hours a promoted person has to confirm. Absent from an upstream without them.
   */
  ...formLimits,
  /** how the places are used: held (pending, confirmed, accepted, promoted), waiting, promoted */
  places: z
    .object({
      taken: z.number().int().nonnegative(),
      waitlisted: z.number().int().nonnegative(),
      promoted: z.number().int().nonnegative(),
    })
    .optional(),
});
export type EventForm = z.infer<typeof eventForm>;
export const eventFormBody = z.object({
  /** present: update that form; absent: create (or update the event's form of the same kind) */
  id: id().optional(),
  kind: z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: 'validation.pattern' }),
  title: requiredText(200),
  /** the title in the event's other languages; an empty one is "not written" */
  titles: z.partialRecord(z.enum(LOCALES), optionalText(200)).optional(),
  open: z.boolean().default(true),
  /**
   * The form's custom questions, the whole list in order (forms/questions.ts): a saved one by its id, a new
   * one without. Absent: the stored questions stay as they are (renaming, opening, closing).
   */
  questions: questionList.optional(),
  ...formLimitsBody.shape,
});
/** The event's forms in the organiser's order (the order of the public pages and of the console). */
export const eventForms = z.object({ data: z.array(eventForm) });

/** Largest number of forms an event can hold: one per registration kind, with room for older codes. */
export const EVENT_FORMS_MAX = 50;
/**
 * POST event-forms-order?eventId= (extension: the spec's event-forms has no order): the ids of every form
 * of the event, each once, in the new order; answers the forms in that order (`eventForms`).
 */
export const eventFormsOrderBody = z.object({
  formIds: z
    .array(id())
    .min(1)
    .max(EVENT_FORMS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.duplicate' }),
});

export const eventDocument = z.object({
  id: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type EventDocument = z.infer<typeof eventDocument>;

/** GET event_data?eventId=: everything a dashboard needs in one call. */
export const eventData = z.object({
  event,
  documents: z.array(eventDocument),
  forms: z.array(eventForm),
  metrics: enrolmentMetrics,
});

/**
 * B2B matching configuration, one per form of the event (matched by form_id): the engine's MatchConfig
 * (each criterion's weight 0–10 and the lowest suggested score), parsed on every hop.
 */
export const configMatchingBody = z.object({
  form_id: id(),
  config: matchConfig,
});
export const configMatching = z.object({
  eventId: z.number().int(),
  data: z.array(
    z.object({ formId: z.number().int(), config: z.record(z.string(), z.unknown()), updatedAt: z.string() }),
  ),
});

export const zoomMeetingBody = z.object({
  topic: requiredText(200),
  startTime: z.iso.datetime({ offset: true }),
  /** minutes */
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /**
   * optional idempotency key (reference-upstream extension): a second call with the same key answers the
   * meeting the first one made instead of making another (the B2B programme derives it from its meeting)
   */
  requestKey: z
    .string()
    .regex(/^[\w.:@-]{1,200}$/)
    .optional(),
});
export const zoomMeeting = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  topic: z.string(),
  startTime: z.string(),
  duration: z.number().int(),
  joinUrl: z.string(),
});
/** DELETE zoom-meeting?eventId=&id= */
export const zoomMeetingDeleteQuery = z.object({ eventId: id(), id: id() });
/**
 * PUT zoom-meeting?eventId=&id= (reference-upstream extension): the meeting's topic, start and duration
 * replaced whole, so the same call again changes nothing more (a retry after a lost answer is safe)
 */
export const zoomMeetingUpdateQuery = zoomMeetingDeleteQuery;
export const zoomMeetingUpdateBody = zoomMeetingBody.omit({ requestKey: true });

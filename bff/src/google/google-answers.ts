import { z } from 'zod';

/**
 * Google's answers, parsed like every other upstream answer: a 200 that is not one of these is a failure
 * (a proxy's page, an empty object), never a meeting without a link. Only the fields the product reads are
 * required; the rest passes through.
 */
export const calendarEvent = z.looseObject({
  id: z.string().min(1),
  status: z.string().optional(),
  htmlLink: z.string().nullish(),
  hangoutLink: z.string().nullish(),
  conferenceData: z
    .looseObject({
      entryPoints: z
        .array(z.looseObject({ entryPointType: z.string().nullish(), uri: z.string().nullish() }))
        .nullish(),
      createRequest: z
        .looseObject({ status: z.looseObject({ statusCode: z.string().nullish() }).nullish() })
        .nullish(),
    })
    .nullish(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

/** The token endpoint's answer (code exchange and refresh). */
export const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

/** The user-info endpoint's answer: the account's stable id and its address. */
export const userInfoAnswer = z.looseObject({
  id: z.string().min(1),
  email: z.string().optional(),
});

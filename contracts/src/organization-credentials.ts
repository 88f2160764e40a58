import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { orgParams } from './organizations';
import { msg, requiredText } from './validation';

/**
 * The organisation's credentials as the console sees them. The automation webhook's
 * `organization-credential` stores them as one object of named values (upstream-automation.ts); the BFF
 * reads and writes that object itself and answers the browser only what is below: each name, and at most
 * the last characters of a long value. A value never comes back in full. Owners only.
 */

/** A credential's name: a key of the stored object (`id` is the organisation's, not a credential). */
export const credentialName = z
  .string({ error: msg.invalidInput })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .regex(/^[A-Za-z][\w.-]{0,63}$/, { error: msg.pattern })
  .refine((name) => name !== 'id', { error: msg.pattern });

export const CREDENTIAL_VALUE_MAX = 4000;
/** How many credentials an organisation keeps, so the stored object stays small. */
export const CREDENTIALS_MAX = 30;
/** The hint shows this many last characters, and only of a value at least HINT_MIN_LENGTH long. */
export const CREDENTIAL_HINT_LENGTH = 4;
const HINT_MIN_LENGTH = 12;

export const credentialBody = z.object({ name: credentialName, value: requiredText(CREDENTIAL_VALUE_MAX) });
export type CredentialBody = z.input<typeof credentialBody>;

export const maskedCredential = z.object({
  name: z.string(),
  /** the value's last characters, or null: a short value or one that is not text shows none */
  lastCharacters: z.string().nullable(),
});
export type MaskedCredential = z.infer<typeof maskedCredential>;

export const organizationCredentials = z.object({
  organizationId: z.number().int(),
  /** by name */
  credentials: z.array(maskedCredential),
  /** when they were last changed; null: never set */
  updatedAt: z.string().nullable(),
});
export type OrganizationCredentials = z.infer<typeof organizationCredentials>;

/** What the browser may see of one stored value: its last characters when the rest keeps it secret. */
export function maskCredential(name: string, value: unknown): MaskedCredential {
  const hint = typeof value === 'string' && value.length >= HINT_MIN_LENGTH;
  return { name, lastCharacters: hint ? value.slice(-CREDENTIAL_HINT_LENGTH) : null };
}

export const credentialParams = orgParams.extend({ name: credentialName });

export const organizationCredentialRoutes = {
  /** owners only: the names and the hints, never a value */
  list: defineRoute({
    method: 'GET',
    path: '/organizations/:id/credentials',
    kind: 'bff',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    responses: { 200: organizationCredentials, ...commonErrors },
  }),
  /** sets one credential (a new name) or replaces its value; the others are kept */
  set: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/credentials',
    kind: 'bff',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    body: credentialBody,
    responses: { 200: organizationCredentials, ...commonErrors, 409: commonErrors[400] },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/organizations/:id/credentials/:name',
    kind: 'bff',
    auth: 'session',
    role: 'owner',
    params: credentialParams,
    responses: { 200: organizationCredentials, ...commonErrors },
  }),
} as const;

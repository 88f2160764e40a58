import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { email, id, msg, password, requiredText } from './validation';

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  locale: z.enum(LOCALES).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** What the organiser has selected; kept in the server session so it survives a reload (spec section 3). */
export const selection = z.object({
  organizationId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  commissionId: z.number().int().nullable(),
});
export type Selection = z.infer<typeof selection>;
export const emptySelection: Selection = { organizationId: null, eventId: null, commissionId: null };

export const sessionState = z.object({ user, selection });
export type SessionState = z.infer<typeof sessionState>;

export const loginBody = z.object({
  email: email(),
  password: z
    .string({ error: msg.invalidInput })
    .min(1, { error: msg.required })
    .max(1024, { error: msg.tooLong }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: email(),
    password: password(),
    confirmPassword: z.string({ error: msg.invalidInput }).min(1, { error: msg.required }),
    locale: z.enum(LOCALES).optional(),
    /** registering from an invitation mail: the address is proven by it (no verification mail) */
    invitationCode: z.string().min(16).max(256).optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: msg.passwordsDiffer,
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const forgotPasswordBody = z.object({ email: email(), locale: z.enum(LOCALES).optional() });
export const resetPasswordBody = z
  .object({
    code: z.string().min(1, { error: msg.required }).max(256),
    password: password(),
    confirmPassword: z.string({ error: msg.invalidInput }).min(1, { error: msg.required }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: msg.passwordsDiffer,
  });
export const verifyEmailBody = z.object({ code: z.string().min(1, { error: msg.required }).max(256) });

export const selectionBody = z.object({
  organizationId: id().nullable().optional(),
  eventId: id().nullable().optional(),
  commissionId: id().nullable().optional(),
});

export const authRoutes = {
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    kind: 'bff',
    auth: 'session',
    responses: { 200: sessionState, ...commonErrors },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    kind: 'bff',
    auth: 'public',
    body: loginBody,
    responses: { 200: sessionState, ...commonErrors },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    kind: 'bff',
    auth: 'public',
    responses: { 204: null, ...commonErrors },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    kind: 'bff',
    auth: 'public',
    body: registerBody,
    responses: {
      // a taken address answers 201 too (no account enumeration)
      201: z.object({ email: z.string(), verified: z.boolean().optional() }),
      ...commonErrors,
    },
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    kind: 'bff',
    auth: 'public',
    body: forgotPasswordBody,
    // Always 202, whether the address is known or not: no account enumeration.
    responses: { 202: null, ...commonErrors },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    kind: 'bff',
    auth: 'public',
    body: resetPasswordBody,
    responses: { 204: null, ...commonErrors },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/auth/verify-email',
    kind: 'bff',
    auth: 'public',
    body: verifyEmailBody,
    responses: { 204: null, ...commonErrors },
  }),
  updateSelection: defineRoute({
    method: 'PUT',
    path: '/session/selection',
    kind: 'bff',
    auth: 'session',
    body: selectionBody,
    responses: { 200: selection, ...commonErrors },
  }),
} as const;

import { z } from 'zod';
import { user } from './auth';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { requiredText } from './validation';

/**
 * `PUT /user/profile` (extension: the spec's /user calls create an account but never correct
 * it): the signed-in user's own name and preferred language. The language is the one the product's mails
 * are written in. Nobody else's profile can be reached: the token names the user.
 */
export const updateProfileBody = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  locale: z.enum(LOCALES),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const profileRoutes = {
  update: defineRoute({
    method: 'PUT',
    path: '/user/profile',
    kind: 'proxy',
    auth: 'session',
    body: updateProfileBody,
    responses: { 200: user, ...commonErrors },
  }),
} as const;

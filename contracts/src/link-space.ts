import { z } from 'zod';
import { b2bKey } from './b2b';
import { defineUpstreamRoute } from './http';
import { id } from './validation';

/**
 * A personal link (a B2B company's space, an exhibitor's stand) as the upstream's space routes take it: in
 * the body of a POST, so no key ever sits in a path a log keeps.
 */
export const linkCredential = z.object({ slug: z.string().min(1).max(100), code: id(), key: b2bKey });
export type LinkCredential = z.infer<typeof linkCredential>;

/**
 * The calls of a space below `base` (reference-upstream extensions, called by the BFF with its service
 * header): `{base}/{op}`, a POST whose body carries the link and the call's own input; `response` null for
 * an answer without a body.
 */
export const spaceRoutes =
  (base: string) =>
  <B extends z.ZodType, R extends z.ZodType | null, S extends 200 | 201 | 204 = 200>(
    op: string,
    body: B,
    response: R,
    status: S = 200 as S,
  ) =>
    defineUpstreamRoute({
      service: 'rest',
      method: 'POST',
      path: `${base}/${op}`,
      auth: 'service',
      body,
      responses: { [status]: response } as Record<S, R>,
    });

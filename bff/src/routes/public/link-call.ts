import { keyHeader } from '@evt/contracts/b2b';
import type { BodyOf, UpstreamRoute } from '@evt/contracts/http';
import type { LinkCredential } from '@evt/contracts/link-space';
import type { Request } from 'express';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { CallInput } from '../../upstream/client';
import type { RouteContext } from '../context';

/**
 * The calls of a space opened by a personal link (a B2B company's, an exhibitor's stand): the link is read
 * from the page's `header` as `{code}-{key}` (a header has no schema in the route's contract; never an
 * address, which logs keep), after the request's own input was parsed, and sent in the upstream call's
 * body beside that input.
 */
export function linkCall(ctx: RouteContext, header: string) {
  const credentialOf = (req: Request, slug: string): LinkCredential => {
    const raw = validate(keyHeader, req.headers[header] ?? '');
    const [code, key] = raw.split('-') as [string, string];
    return { slug, code: Number(code), key };
  };
  return <U extends UpstreamRoute>(
    upstream: U,
    req: Request,
    slug: string,
    extra: Omit<BodyOf<U>, keyof LinkCredential>,
  ) => {
    const body = { ...credentialOf(req, slug), ...extra } as BodyOf<U>;
    return ctx.upstream.call(upstream, { body, requestId: requestId(req) } as unknown as CallInput<U>);
  };
}

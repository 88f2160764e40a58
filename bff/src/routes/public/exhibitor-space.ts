import { errorCode } from '@evt/contracts/errors';
import {
  EXHIBITOR_KEY_HEADER,
  exhibitorSpaceRoutes as routes,
  type LeadScanAnswer,
  leadUpstreamRoutes,
} from '@evt/contracts/leads';
import express, { type Router } from 'express';
import { verifyBadgeToken } from '../../badges/token';
import { HttpError } from '../../http/http-error';
import type { RouteAdapter } from '../../http/route-adapter';
import { keyOf } from '../badges/badges';
import type { RouteContext } from '../context';
import { webAppManifestOf } from '../web-app-manifest';
import { linkCall } from './link-call';
import { type PublicLimits, publicLimiters } from './public-routes';

/**
 * `/api/public/exhibitors/*` (contracts/src/leads.ts): an exhibitor's lead-scanning space. No session: the
 * link the organiser mailed the stand is the credential, sent by the page in a header. Badges' codes are
 * verified here (the BFF alone has the key): an altered or foreign code never reaches the upstream, which
 * is given the event and registration a valid one names. Limited like the public forms: reads as reads,
 * scans and edits as submissions (a stand scans a few badges a minute; a device back online sends its
 * queue in batches of up to 200).
 */
export function exhibitorSpaceRoutes(
  ctx: RouteContext,
  adapter: RouteAdapter,
  limits: Partial<PublicLimits> = {},
): Router {
  const { max, limit } = publicLimiters(ctx, limits);
  const read = [limit('read', max.read)];
  const json = express.json({ limit: '64kb' });
  const write = [limit('submitAddress', max.submitAddress), json];
  const router = express.Router();
  const call = linkCall(ctx, EXHIBITOR_KEY_HEADER);

  adapter.mount(
    router,
    routes,
    {
      space: async ({ params, req }) => ({
        status: 200,
        body: await call(leadUpstreamRoutes.space, req, params.slug, {}),
      }),
      scans: async ({ params, body: { scans }, req }) => {
        const answers = new Map<string, LeadScanAnswer['results'][number]>();
        const verified = [];
        for (const { code, ...scan } of scans) {
          const badge = verifyBadgeToken(keyOf(ctx), code);
          if (badge) verified.push({ ...scan, ...badge });
          else answers.set(scan.scanId, { scanId: scan.scanId, result: { outcome: 'invalid' } });
        }
        // asked even when every code was refused here: the upstream checks the credential
        const recorded = await call(leadUpstreamRoutes.record, req, params.slug, { scans: verified });
        for (const answer of recorded.results) answers.set(answer.scanId, answer);
        const results = scans.map(
          (scan) =>
            answers.get(scan.scanId) ?? { scanId: scan.scanId, result: { outcome: 'unknown' as const } },
        );
        return { status: 200, body: { results } };
      },
      edit: async ({ params: { slug, leadId }, body, req }) => ({
        status: 200,
        body: await call(leadUpstreamRoutes.edit, req, slug, { leadId, edit: body }),
      }),
      remove: async ({ params: { slug, leadId }, req }) => {
        await call(leadUpstreamRoutes.remove, req, slug, { leadId });
        return { status: 204 };
      },
      manifest: async ({ params: { slug }, query: { code, locale } }) => ({
        status: 200,
        body: webAppManifestOf({
          path: `/events-${slug}/exhibitor-${code}`,
          locale,
          name: 'leads.space.title',
          shortName: 'leads.space.appName',
        }),
      }),
    },
    {
      base: '/public/exhibitors',
      before: { space: read, scans: write, edit: write, remove: write, manifest: read },
    },
  );

  router.use(() => {
    throw new HttpError(404, errorCode.routeNotFound);
  });
  return router;
}

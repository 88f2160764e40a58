import { createHmac } from 'node:crypto';
import {
  BADGE_PROGRESS_HEADER,
  type BadgeModel,
  type BadgeModelInput,
  type BadgePerson,
  type badgeRoutes,
} from '@evt/contracts/badges';
import type { CheckinResult, checkinRoutes } from '@evt/contracts/checkin';
import { LOCALES } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Response } from 'express';
import type { Caller } from '../role-scope';
import type { FileReply, RouteHandler } from '../../http/route-adapter';
import type { RouteContext } from '../context';
import { badgeKey, verifyBadgeToken } from '../../badges/token';
import { streamBadges } from '../../badges/generate';
import { testPeople } from '../../badges/test-people';
import { readLogo } from '../../badges/logo';

const PAGE = 200;

export function keyOf(ctx: RouteContext): Buffer {
  return badgeKey(ctx.config.badgeTokenSecret, ctx.config.sessionSecrets[0] ?? '');
}

const modelsByRole = (models: readonly BadgeModel[]): Record<string, BadgeModelInput> =>
  Object.fromEntries(models.map(({ eventId: _e, role, updatedAt: _u, ...model }) => [role, model]));

/** What every badge PDF of the event needs: its name, logo and models, read as the caller. */
async function eventJob(ctx: RouteContext, caller: Caller, id: number) {
  const call = { user: caller, requestId: caller.requestId, params: { id } };
  const [event, models] = await Promise.all([
    ctx.upstream.call(upstreamRoutes.badgeEvent, call),
    ctx.upstream.call(upstreamRoutes.badgeModels, call),
  ]);
  const logo = await readLogo(ctx, event.logo, caller.requestId);
  return { event, models: modelsByRole(models.data), logo };
}

/** The PDF's answer: its headers (the count of badges lets the page show progress), then the stream. */
function pdfReply(
  ctx: RouteContext,
  name: string,
  total: number,
  run: (out: Response, signal: AbortSignal) => Promise<number>,
): FileReply {
  return {
    status: 200,
    file: {
      contentType: 'application/pdf',
      disposition: `attachment; filename="${name}"`,
      headers: { 'x-content-type-options': 'nosniff', [BADGE_PROGRESS_HEADER]: String(total) },
      data: (out) => sendPdf(ctx, out, (signal) => run(out, signal)),
    },
  };
}

/** Streams the job's PDF; a failure once the bytes have started cuts the answer (the PDF is then invalid). */
async function sendPdf(
  ctx: RouteContext,
  res: Response,
  run: (signal: AbortSignal) => Promise<number>,
): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  try {
    await run(abort.signal);
    res.end();
  } catch (error) {
    if (!abort.signal.aborted) ctx.logger.error({ err: error }, 'badge PDF failed');
    res.destroy();
  }
}

/** `GET /api/events/{id}/badges.pdf`: the confirmed registrations of the roles asked, or one. */
export function generateBadges(ctx: RouteContext): RouteHandler<typeof badgeRoutes.generate> {
  return async ({ params: { id }, query, caller }) => {
    const people = (after: number) =>
      ctx.upstream.call(upstreamRoutes.badgePeople, {
        user: caller,
        requestId: caller.requestId,
        params: { id },
        query: { roles: query.roles.join(','), registrationId: query.registrationId, after, limit: PAGE },
      });
    const [{ event, models, logo }, first] = await Promise.all([eventJob(ctx, caller, id), people(0)]);
    const total = first.total ?? first.data.length;
    async function* pages(): AsyncGenerator<BadgePerson[]> {
      let page = first;
      yield page.data;
      while (page.data.length === PAGE) {
        page = await people(page.data[page.data.length - 1]?.registrationId ?? 0);
        yield page.data;
      }
    }
    const job = {
      title: event.name,
      eventId: id,
      eventName: event.name,
      models,
      logo,
      key: keyOf(ctx),
      total,
    };
    return pdfReply(ctx, `badges-${id}.pdf`, total, (out, signal) => streamBadges(job, pages(), out, signal));
  };
}

/**
 * `GET /api/events/{id}/badges/test.pdf`: one sample badge per language with test data, in the role's
 * model (or each role's that has one). The test badges' QR codes are signed with a throwaway key: they
 * check nobody in.
 */
export function testBadges(ctx: RouteContext): RouteHandler<typeof badgeRoutes.testPdf> {
  return async ({ params: { id }, query, caller }) => {
    const { event, models, logo } = await eventJob(ctx, caller, id);
    const roles = query.role
      ? [query.role]
      : Object.keys(models).length
        ? Object.keys(models)
        : ['participant'];
    const sample = roles.flatMap((role) => LOCALES.map((locale) => testPeople(role, locale)));
    const key = createHmac('sha256', 'test-badges').update(String(Date.now())).digest();
    const job = {
      title: event.name,
      eventId: id,
      eventName: event.name,
      models,
      logo,
      key,
      total: sample.length,
    };
    async function* pages() {
      yield sample;
    }
    return pdfReply(ctx, `badges-test-${id}.pdf`, sample.length, (out, signal) =>
      streamBadges(job, pages(), out, signal),
    );
  };
}

/**
 * `POST /api/events/{id}/checkins/scan`: the code a camera or scanner read. Only a code signed with our key
 * for this event reaches the upstream, which records the arrival once.
 */
export function scanCheckin(ctx: RouteContext): RouteHandler<typeof checkinRoutes.scan> {
  return async ({ params: { id }, body: { code }, caller }) => {
    const ids = verifyBadgeToken(keyOf(ctx), code);
    let result: CheckinResult;
    if (!ids) result = { outcome: 'invalid' };
    else if (ids.eventId !== id) result = { outcome: 'otherEvent' };
    else
      result = await ctx.upstream.call(upstreamRoutes.checkIn, {
        user: caller,
        requestId: caller.requestId,
        params: { id },
        body: { registrationId: ids.registrationId },
      });
    return { status: 200, body: result };
  };
}

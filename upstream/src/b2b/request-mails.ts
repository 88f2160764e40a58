import type { Ctx } from '../context';
import { loggableError } from '../logger';
import { EVENT_NAME_COLUMNS, eventNameOfRow } from '../model/mappers';
import { mailSpaceLink } from './access';
import { localeOf, sendRequestAccepted, sendRequestArrived } from './mail';

/**
 * Tells a company what happened to a request, in its own language, with a button into its space: the
 * company asked when a request arrives, the company that asked when it is accepted.
 */
async function mailRequest(ctx: Ctx, requestId: number, what: 'arrived' | 'accepted'): Promise<void> {
  const rows = await ctx.db.query<{
    message: string;
    from_id: number;
    to_id: number;
    from_name: string | null;
    to_name: string | null;
    to_email: string;
    to_locale: string;
    from_email: string;
    from_locale: string;
    slug: string;
    name: string;
  }>(
    `SELECT q.message, q.from_id, q.to_id, rf.data->>'companyName' AS from_name, rt.data->>'companyName' AS to_name,
       rt.email AS to_email, rt.locale AS to_locale, rf.email AS from_email, rf.locale AS from_locale,
       coalesce(nullif(e.slug, ''), e.id::text) AS slug, ${EVENT_NAME_COLUMNS}
     FROM b2b_requests q JOIN registrations rf ON rf.id = q.from_id JOIN registrations rt ON rt.id = q.to_id
       JOIN events e ON e.id = q.event_id
     WHERE q.id = $1 AND rf.erased_at IS NULL AND rt.erased_at IS NULL`,
    [requestId],
  );
  const row = rows[0];
  if (!row) return;
  const fromName = row.from_name ?? '';
  const toName = row.to_name ?? '';
  // the company told: the one asked when a request arrives, the one that asked when it is accepted
  const arrived = what === 'arrived';
  const locale = localeOf(arrived ? row.to_locale : row.from_locale);
  const common = {
    to: arrived ? row.to_email : row.from_email,
    locale,
    eventTitle: eventNameOfRow(row, locale),
    url: await mailSpaceLink(ctx.db, { id: Number(arrived ? row.to_id : row.from_id), locale }, row.slug),
  };
  if (arrived)
    await sendRequestArrived(ctx, { ...common, company: toName, from: fromName, message: row.message });
  else await sendRequestAccepted(ctx, { ...common, company: fromName, other: toName });
}

/** mailRequest after the answer: a mail failure is logged, the request stands. */
export function mailRequestLater(ctx: Ctx, requestId: number, what: 'arrived' | 'accepted'): void {
  void mailRequest(ctx, requestId, what).catch((err: unknown) =>
    ctx.logger.error({ err: loggableError(err) }, 'b2b request mail not sent'),
  );
}

import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { EVENT_FEATURES, type EventFeature } from '@evt/contracts/features';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';

/** Every feature of the event, on unless switched off. */
export async function featuresOf(db: Queryable, eventId: number) {
  const rows = await db.query<{ feature: string; enabled: boolean }>(
    'SELECT feature, enabled FROM event_features WHERE event_id = $1',
    [eventId],
  );
  const stored = new Map(rows.map((row) => [row.feature, row.enabled]));
  const features = Object.fromEntries(EVENT_FEATURES.map((name) => [name, stored.get(name) ?? true]));
  return { eventId, features: features as Record<EventFeature, boolean> };
}

/** Whether a feature is on in the event (one never set is). */
export async function featureOn(db: Queryable, eventId: number, feature: EventFeature): Promise<boolean> {
  const rows = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM event_features WHERE event_id = $1 AND feature = $2',
    [eventId, feature],
  );
  return rows[0]?.enabled !== false;
}

/**
 * Refuses a visitor's call to a part of a switched-off feature (contracts/src/feature-access.ts): where the
 * visitor's form, personal link or token is resolved to its event. 410 `part_closed` unless told otherwise.
 */
export async function requireVisitorFeature(
  db: Queryable,
  eventId: number,
  feature: EventFeature,
  refusal: () => HttpError = partClosed,
): Promise<void> {
  if (!(await featureOn(db, eventId, feature))) throw refusal();
}

const partClosed = () => new HttpError(410, 'part_closed', 'The organiser has closed this part of the event');

/** Extension `GET|PUT /events/{id}/features` (see README): members of the event's organisation only. */
export function featureRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.features.get, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    res.json(await featuresOf(db, id));
  });

  mount(upstreamRoutes.setFeatures, async ({ params, body }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    await db.transaction(async (tx) => {
      for (const [feature, enabled] of Object.entries(body.features)) {
        await tx.query(
          `INSERT INTO event_features (event_id, feature, enabled) VALUES ($1, $2, $3)
           ON CONFLICT (event_id, feature) DO UPDATE SET enabled = $3, updated_at = now()`,
          [id, feature, enabled],
        );
      }
    });
    res.json(await featuresOf(db, id));
  });

  return router;
}

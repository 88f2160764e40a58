import type { Mount } from '../http/mount';
import { b2bUpstreamRoutes } from '@evt/contracts/upstream-b2b';
import type { OwnProfile } from '@evt/contracts/b2b';
import { EDITABLE_PROFILE_FIELDS } from '@evt/contracts/b2b-edit';
import { form } from '@evt/contracts/forms/b2b';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import type { SpaceCaller, SpaceCredential } from './access';
import { programmeOf } from './companies';

/**
 * The editable fields as stored (every one present: a text, or a list for the multiple choices). A count
 * reads as its digits; a size band stored there before the form asked the number reads as empty, so the
 * company is asked the number.
 */
function ownProfileOf(data: Record<string, unknown>, frozen: boolean): OwnProfile {
  const values = Object.fromEntries(
    EDITABLE_PROFILE_FIELDS.map((f) => {
      const v = data[f];
      if (Array.isArray(v)) return [f, v.filter((x): x is string => typeof x === 'string')];
      if (form.widgets[f].type === 'checkbox') return [f, v === true];
      if (form.widgets[f].type === 'count') return [f, typeof v === 'number' ? String(v) : ''];
      return [f, typeof v === 'string' ? v : ''];
    }),
  ) as OwnProfile['values'];
  return {
    companyName: typeof data.companyName === 'string' ? data.companyName : '',
    profileType: typeof data.profileType === 'string' ? data.profileType : '',
    frozen,
    values,
  };
}

/**
 * A company's own match profile in its space: read it, and change it until the organiser freezes
 * the programme (409 `b2b_profile_frozen` after). The change is the registration's own data, so the
 * directory, the scores and the organiser's lists read the new profile at once.
 */
export function ownProfileRoutes(
  mount: Mount,
  db: Db,
  caller: (credential: SpaceCredential) => Promise<SpaceCaller>,
): void {
  mount(b2bUpstreamRoutes.b2bProfile, async ({ body }, _req, res) => {
    const me = await caller(body);
    const programme = await programmeOf(db, me.eventId);
    res.json(ownProfileOf(me.company.data, programme.frozen));
  });

  mount(b2bUpstreamRoutes.b2bSaveProfile, async ({ body }, _req, res) => {
    const me = await caller(body);
    const edit = body.profile;
    const data = await db.transaction(async (tx) => {
      // the freeze and the edit cannot cross: the registration is locked, then the programme read
      await tx.query('SELECT id FROM registrations WHERE id = $1 FOR UPDATE', [me.company.profile.id]);
      const programme = await programmeOf(tx, me.eventId);
      if (programme.frozen)
        throw new HttpError(
          409,
          'b2b_profile_frozen',
          'The programme is frozen: profiles can no longer change',
        );
      const rows = await tx.query<{ data: Record<string, unknown> }>(
        'UPDATE registrations SET data = data || $2::jsonb WHERE id = $1 RETURNING data',
        [me.company.profile.id, JSON.stringify(edit)],
      );
      return rows[0]?.data ?? {};
    });
    res.json(ownProfileOf(data, false));
  });
}

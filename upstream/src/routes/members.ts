import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@evt/contracts/locale';
import type { Router } from 'express';
import { requireManager, requireMember, requireOwned } from '../access';
import { digest, randomToken } from '../auth/tokens';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { authOf } from '../http/auth';
import { forbidden, HttpError, notFound } from '../http/errors';
import { composeMail } from '../mail/templates';
import { INVITATION_COLUMNS, INVITATION_TTL_DAYS, toInvitation, toMember } from '../model/members';
import { loadOrganization } from './organizations';

const invalidCode = () =>
  new HttpError(400, 'invalid_code', 'The invitation is unknown, used, invalidated or expired');

async function loadInvitation(db: Queryable, invitationId: number) {
  const rows = await db.query(
    `SELECT ${INVITATION_COLUMNS} FROM invitations i JOIN member_types mt ON mt.id = i.member_type_id WHERE i.id = $1`,
    [invitationId],
  );
  if (!rows[0]) throw notFound('Invitation');
  return toInvitation(rows[0]);
}

export function memberRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** Mails the invitation link in the invitee's language when they have an account, else the inviter's. */
  /**
   * The invitation mail, in the invitee's own language when they have an account, else in the language
   * the inviter chose for it (the invite dialog's, by default the inviter's current one), else the
   * inviter's preferred language.
   */
  async function mailInvitation(
    invitationId: number,
    inviterId: number,
    code: string,
    url: string,
    chosen?: Locale,
  ) {
    const rows = await db.query<{
      email: string;
      org: string;
      first: string;
      last: string;
      li: string | null;
      lu: string | null;
    }>(
      `SELECT i.email, o.name AS org, u.first_name AS first, u.last_name AS last, u.locale AS li,
              (SELECT locale FROM users WHERE email = i.email) AS lu
       FROM invitations i JOIN organizations o ON o.id = i.organization_id JOIN users u ON u.id = $2
       WHERE i.id = $1`,
      [invitationId, inviterId],
    );
    const r = rows[0];
    if (!r) return;
    const locale: Locale = isLocale(r.lu) ? r.lu : (chosen ?? (isLocale(r.li) ? r.li : DEFAULT_LOCALE));
    const link = new URL(url);
    link.searchParams.set('code', code);
    const mail = composeMail('invitation', locale, {
      link: link.toString(),
      organization: r.org,
      inviter: `${r.first} ${r.last}`.trim(),
    });
    await ctx.mail.send({ to: r.email, locale, ...mail });
  }

  mount(apiRoutes.members.memberTypes, async (_input, _req, res) => {
    const rows = await db.query<{ id: number; code: string; name: string }>(
      'SELECT id, code, name FROM member_types ORDER BY id',
    );
    res.json({ data: rows });
  });

  mount(apiRoutes.members.list, async ({ params }, _req, res) => {
    const { id: orgId } = params;
    await requireMember(db, orgId, authOf(res).id);
    const rows = await db.query(
      `SELECT m.user_id, u.email, u.first_name, u.last_name, m.member_type_id, mt.code AS member_type, m.created_at
       FROM organization_members m JOIN users u ON u.id = m.user_id JOIN member_types mt ON mt.id = m.member_type_id
       WHERE m.organization_id = $1 ORDER BY m.created_at, m.user_id`,
      [orgId],
    );
    res.json({ data: rows.map(toMember) });
  });

  /**
   * The member `userId` of the organisation, checked for a change by the caller: managers only;
   * an admin does not touch an owner; the organisation keeps at least one owner. Runs in the caller's
   * transaction, the owners locked, so two owners cannot demote each other at once.
   */
  async function memberToChange(
    tx: Queryable,
    orgId: number,
    userId: number,
    callerId: number,
    next?: string,
  ) {
    const caller = await requireManager(tx, orgId, callerId);
    const owners = await tx.query<{ user_id: number }>(
      `SELECT m.user_id FROM organization_members m JOIN member_types mt ON mt.id = m.member_type_id
       WHERE m.organization_id = $1 AND mt.code = 'owner' FOR UPDATE OF m`,
      [orgId],
    );
    const rows = await tx.query<{ code: string }>(
      `SELECT mt.code FROM organization_members m JOIN member_types mt ON mt.id = m.member_type_id
       WHERE m.organization_id = $1 AND m.user_id = $2`,
      [orgId, userId],
    );
    const current = rows[0]?.code;
    if (!current) throw notFound('Member');
    if (caller !== 'owner' && (current === 'owner' || next === 'owner')) throw forbidden();
    if (current === 'owner' && next !== 'owner' && owners.length <= 1)
      throw new HttpError(409, 'last_owner', 'The organisation must keep at least one owner');
  }

  mount(upstreamRoutes.changeMemberType, async ({ params, body }, _req, res) => {
    const { id: orgId, userId } = params;
    const { memberTypeId } = body;
    const member = await db.transaction(async (tx) => {
      const types = await tx.query<{ code: string }>('SELECT code FROM member_types WHERE id = $1', [
        memberTypeId,
      ]);
      const next = types[0]?.code;
      if (!next)
        throw new HttpError(400, 'validation_failed', 'Unknown member type', {
          fieldErrors: { memberTypeId: ['validation.invalidInput'] },
        });
      await memberToChange(tx, orgId, userId, authOf(res).id, next);
      await tx.query(
        'UPDATE organization_members SET member_type_id = $3 WHERE organization_id = $1 AND user_id = $2',
        [orgId, userId, memberTypeId],
      );
      const rows = await tx.query(
        `SELECT m.user_id, u.email, u.first_name, u.last_name, m.member_type_id, mt.code AS member_type, m.created_at
         FROM organization_members m JOIN users u ON u.id = m.user_id JOIN member_types mt ON mt.id = m.member_type_id
         WHERE m.organization_id = $1 AND m.user_id = $2`,
        [orgId, userId],
      );
      return toMember(rows[0] ?? {});
    });
    res.json(member);
  });

  mount(upstreamRoutes.removeMember, async ({ params }, _req, res) => {
    const { id: orgId, userId } = params;
    await db.transaction(async (tx) => {
      await memberToChange(tx, orgId, userId, authOf(res).id);
      await tx.query('DELETE FROM organization_members WHERE organization_id = $1 AND user_id = $2', [
        orgId,
        userId,
      ]);
      // off the organisation's commissions and tasks too: they are where its work is shared
      await tx.query(
        `DELETE FROM task_members tm USING tasks k, projects p, teams t, events e
         WHERE tm.task_id = k.id AND k.project_id = p.id AND p.team_id = t.id AND t.event_id = e.id
           AND e.organization_id = $1 AND tm.user_id = $2`,
        [orgId, userId],
      );
      await tx.query(
        `DELETE FROM team_members tm USING teams t, events e
         WHERE tm.team_id = t.id AND t.event_id = e.id AND e.organization_id = $1 AND tm.user_id = $2`,
        [orgId, userId],
      );
    });
    res.status(204).end();
  });

  mount(upstreamRoutes.invite, async ({ params, body }, _req, res) => {
    const { id: orgId } = params;
    const userId = authOf(res).id;
    const callerType = await requireManager(db, orgId, userId);
    const types = await db.query<{ code: string }>('SELECT code FROM member_types WHERE id = $1', [
      body.memberTypeId,
    ]);
    const type = types[0];
    if (!type) throw new HttpError(400, 'unknown_member_type', 'Unknown member type');
    if (type.code === 'owner' && callerType !== 'owner')
      throw new HttpError(403, 'forbidden', 'Only an owner can invite another owner');
    const already = await db.query(
      `SELECT 1 FROM organization_members m JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = $1 AND u.email = $2`,
      [orgId, body.email],
    );
    if (already[0]) throw new HttpError(409, 'already_member', 'This person is already a member');
    const code = randomToken();
    // an address with a pending invitation gets that one again (new code, new lifetime, the type chosen
    // now) rather than a second one: one invitation per person, and the answer says it was resent
    const pending = await db.query<{ id: number }>(
      `UPDATE invitations SET code_hash = $3, member_type_id = $4, invited_by = $5,
              expires_at = now() + ($6::int * interval '1 day')
       WHERE id = (SELECT id FROM invitations WHERE organization_id = $1 AND lower(email) = lower($2)
                     AND status = 'pending' ORDER BY id DESC LIMIT 1)
       RETURNING id`,
      [orgId, body.email, digest(code), body.memberTypeId, userId, INVITATION_TTL_DAYS],
    );
    const resentId = pending[0]?.id;
    const rows = resentId
      ? [{ id: resentId }]
      : await db.query<{ id: number }>(
          `INSERT INTO invitations (organization_id, email, member_type_id, code_hash, invited_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + ($6::int * interval '1 day')) RETURNING id`,
          [orgId, body.email, body.memberTypeId, digest(code), userId, INVITATION_TTL_DAYS],
        );
    const invitationId = rows[0]?.id as number;
    await mailInvitation(invitationId, userId, code, body.url, body.locale);
    const invitation = await loadInvitation(db, invitationId);
    res.status(resentId ? 200 : 201).json(resentId ? { ...invitation, resent: true } : invitation);
  });

  mount(apiRoutes.invitations.list, async ({ params, query }, _req, res) => {
    const { id: orgId } = params;
    await requireManager(db, orgId, authOf(res).id);
    const { limit, page } = query;
    const [rows, counts] = await Promise.all([
      db.query(
        `SELECT ${INVITATION_COLUMNS} FROM invitations i JOIN member_types mt ON mt.id = i.member_type_id
         WHERE i.organization_id = $1 ORDER BY i.id DESC LIMIT $2 OFFSET $3`,
        [orgId, limit, (page - 1) * limit],
      ),
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations WHERE organization_id = $1', [
        orgId,
      ]),
    ]);
    res.json({ data: rows.map(toInvitation), page, limit, total: counts[0]?.n ?? 0 });
  });

  /** A manager of the invitation's organisation; an owner's invitation is an owner's to handle. */
  async function requireInvitationAccess(invitationId: number, userId: number) {
    const row = await requireOwned<{ id: number; status: string; organization_id: number; code: string }>(
      db,
      {
        from: 'invitations i JOIN member_types mt ON mt.id = i.member_type_id',
        orgExpr: 'i.organization_id',
        select: 'i.id, i.status, i.organization_id, mt.code',
        idExpr: 'i.id',
      },
      invitationId,
      userId,
      'Invitation',
    );
    const callerType = await requireManager(db, row.organization_id, userId);
    if (row.code === 'owner' && callerType !== 'owner')
      throw new HttpError(403, 'forbidden', 'Only an owner can handle an invitation of an owner');
    return row;
  }

  mount(apiRoutes.invitations.invalidate, async ({ params }, _req, res) => {
    const { id: invitationId } = params;
    const row = await requireInvitationAccess(invitationId, authOf(res).id);
    if (row.status === 'accepted')
      throw new HttpError(409, 'invitation_accepted', 'The invitation was already accepted');
    await db.query(`UPDATE invitations SET status = 'invalidated' WHERE id = $1`, [invitationId]);
    res.json(await loadInvitation(db, invitationId));
  });

  mount(upstreamRoutes.resendInvitation, async ({ params, body }, _req, res) => {
    const { id: invitationId } = params;
    const userId = authOf(res).id;
    const row = await requireInvitationAccess(invitationId, userId);
    if (row.status !== 'pending')
      throw new HttpError(
        409,
        `invitation_${row.status}`,
        'Only a pending or expired invitation can be resent',
      );
    // A new code and a new lifetime: the previous link stops working.
    const code = randomToken();
    await db.query(
      `UPDATE invitations SET code_hash = $2, expires_at = now() + ($3::int * interval '1 day') WHERE id = $1`,
      [invitationId, digest(code), INVITATION_TTL_DAYS],
    );
    await mailInvitation(invitationId, userId, code, body.url, body.locale);
    res.json(await loadInvitation(db, invitationId));
  });

  async function findByCode(code: string) {
    const rows = await db.query(
      `SELECT ${INVITATION_COLUMNS}, o.name AS organization_name, o.description AS organization_description,
              EXISTS (SELECT 1 FROM users WHERE email = i.email) AS account_exists
       FROM invitations i JOIN member_types mt ON mt.id = i.member_type_id JOIN organizations o ON o.id = i.organization_id
       WHERE i.code_hash = $1`,
      [digest(code)],
    );
    if (!rows[0]) throw notFound('Invitation');
    return rows[0];
  }

  // Public: whoever holds the mailed code may read what it invites to.
  mount(upstreamRoutes.invitationByCode, async ({ params }, _req, res) => {
    const { code } = params;
    const row = await findByCode(code);
    const inv = toInvitation(row);
    res.json({
      id: inv.id,
      email: inv.email,
      status: inv.status,
      memberType: inv.memberType,
      expiresAt: inv.expiresAt,
      organization: { id: inv.organizationId, name: String(row.organization_name) },
      accountExists: Boolean(row.account_exists),
    });
  });

  mount(upstreamRoutes.invitationOrganizations, async ({ params }, _req, res) => {
    const { code } = params;
    const row = await findByCode(code);
    res.json({
      data: [
        {
          id: Number(row.organization_id),
          name: String(row.organization_name),
          description: String(row.organization_description),
        },
      ],
    });
  });

  mount(upstreamRoutes.addMember, async ({ query }, _req, res) => {
    const userId = authOf(res).id;
    const orgId = await db.transaction(async (tx) => {
      const rows = await tx.query<{
        id: number;
        organization_id: number;
        email: string;
        member_type_id: number;
      }>(
        `SELECT id, organization_id, email, member_type_id FROM invitations
         WHERE code_hash = $1 AND status = 'pending' AND expires_at > now()`,
        [digest(query.code)],
      );
      const inv = rows[0];
      if (!inv) throw invalidCode();
      const me = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      // A forwarded or leaked link is useless to anyone but the invited address.
      if (me[0]?.email !== inv.email)
        throw new HttpError(
          403,
          'invitation_email_mismatch',
          'This invitation was sent to another e-mail address',
        );
      await tx.query(
        `INSERT INTO organization_members (organization_id, user_id, member_type_id) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id, user_id) DO NOTHING`,
        [inv.organization_id, userId, inv.member_type_id],
      );
      await tx.query(`UPDATE invitations SET status = 'accepted', accepted_at = now() WHERE id = $1`, [
        inv.id,
      ]);
      return inv.organization_id;
    });
    res.json(await loadOrganization(db, orgId, userId));
  });

  return router;
}

import { LOCALES } from './locale';
import { z } from 'zod';
import { INVITATION_PAGE_SIZE } from './constants';
import { email, id } from './validation';

/**
 * Members, member types and invitations of the REST upstream (spec section 7; shapes "not shown", these are
 * the reference upstream's). A user is a member of an organisation with one member type.
 */

export const memberType = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type MemberType = z.infer<typeof memberType>;

export const member = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  memberTypeId: z.number().int(),
  memberType: z.string(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'invalidated', 'expired'] as const;
/** The code itself is never listed: it only travels in the mailed link. */
export const invitation = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  email: z.string(),
  memberTypeId: z.number().int(),
  memberType: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** set when inviting an address that already had a pending invitation: that one was sent again */
  resent: z.boolean().optional(),
});
export type Invitation = z.infer<typeof invitation>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export const invitationPage = page(invitation);

export const invitationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(INVITATION_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** An absolute http(s) URL; the mail's link is `${url}?code=…`. */
const linkBase = () => z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2048);

/** `locale`: the mail's language for a person without an account (the inviter's choice) */
export const inviteBody = z.object({
  email: email(),
  memberTypeId: id(),
  url: linkBase(),
  locale: z.enum(LOCALES).optional(),
});
export type InviteBody = z.input<typeof inviteBody>;
export const resendInvitationBody = z.object({ url: linkBase(), locale: z.enum(LOCALES).optional() });

/** `GET /invitations/{code}` (public: the code is the secret). */
export const invitationLookup = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  memberType: z.string(),
  expiresAt: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** whether an account already uses the invited address (the page offers login or registration) */
  accountExists: z.boolean(),
});
export type InvitationLookup = z.infer<typeof invitationLookup>;

/** `GET /invitations/{code}/organizations` */
export const invitationOrganizations = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
});

export const addMemberQuery = z.object({ code: z.string().min(16).max(256) });

import { formFor } from '@evt/contracts/forms/registry';
import { type Locale, localisePath } from '@evt/contracts/locale';
import type { Ctx } from '../context';
import { loggableError } from '../logger';
import { composeMail } from './templates';

/** Mails in flight at once: an SMTP connection each; a delegation lists up to EMAIL_LIST_MAX members. */
const CONCURRENCY = 4;

export interface DelegationInvites {
  locale: Locale;
  /** the BFF's confirmation address: its origin is the one browsers use */
  confirmUrl: string;
  eventSlug: string;
  eventTitle: string;
  delegationName: string;
  memberEmails: readonly string[];
  /** the head of delegation's address: told instead while the member form is closed */
  headEmail: string;
  memberFormOpen: boolean;
}

/** The delegation-member form of this event, in the delegation's language, on the BFF's public origin. */
export function memberFormLink(invites: Pick<DelegationInvites, 'locale' | 'confirmUrl' | 'eventSlug'>) {
  const path = `/events-${encodeURIComponent(invites.eventSlug)}/${formFor('delegation_member').slug}`;
  return new URL(localisePath(invites.locale, path), new URL(invites.confirmUrl).origin).toString();
}

/**
 * The delegation form's promise: each member address receives the member form's public link, in the
 * delegation's language; while that form is closed, nobody is sent a dead link and the head of
 * delegation is told instead, with the link to pass on once it opens. The delegation's name is what a visitor typed: composeMail escapes it in the HTML
 * part; control characters (a header break in the subject) are dropped here. One failed address is logged
 * (never the address) and does not stop the others. Resolves when every mail was tried.
 */
export async function sendDelegationInvites(ctx: Ctx, invites: DelegationInvites): Promise<void> {
  const link = memberFormLink(invites);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
  const delegation = invites.delegationName.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!invites.memberFormOpen) {
    // a closed form's link would only say "closed": the head is told, with the link to pass on later
    const told = composeMail('delegationMembersClosed', invites.locale, {
      link,
      organization: invites.eventTitle,
      delegation,
    });
    await ctx.mail.send({ to: invites.headEmail, locale: invites.locale, ...told });
    return;
  }
  const mail = composeMail('delegationInvite', invites.locale, {
    link,
    organization: invites.eventTitle,
    delegation,
  });
  const queue = [...new Set(invites.memberEmails)];
  let failed = 0;
  const worker = async () => {
    for (let to = queue.shift(); to !== undefined; to = queue.shift()) {
      try {
        await ctx.mail.send({ to, locale: invites.locale, ...mail });
      } catch (error) {
        failed += 1;
        ctx.logger.warn({ err: loggableError(error) }, 'delegation invitation not sent');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  if (failed)
    ctx.logger.error({ failed, total: invites.memberEmails.length }, 'delegation invitations failed');
}

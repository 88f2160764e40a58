import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@evt/contracts/locale';

export type MailKind =
  | 'accountExists'
  | 'verifyEmail'
  | 'resetPassword'
  | 'invitation'
  | 'registrationConfirm'
  | 'registrationExists'
  | 'delegationInvite'
  | 'delegationMembersClosed'
  | 'registrationCancelled'
  | 'registrationAccepted'
  | 'registrationDeclined'
  | 'registrationWaitlisted'
  | 'registrationPromoted'
  | 'googleBroken'
  | 'infoRequest'
  | 'infoRequestReminder'
  | 'exhibitorLink';

interface MailTexts {
  common: Record<'greeting' | 'greetingAnonymous' | 'linkFallback' | 'ignore' | 'signature', string>;
  accountExists: Record<'subject' | 'intro' | 'action', string>;
  verifyEmail: Record<'subject' | 'intro' | 'action', string>;
  resetPassword: Record<'subject' | 'intro' | 'action', string>;
  invitation: Record<'subject' | 'intro' | 'action', string>;
  registrationConfirm: Record<'subject' | 'intro' | 'action', string>;
  registrationExists: Record<'subject' | 'intro' | 'action', string>;
  delegationInvite: Record<'subject' | 'intro' | 'action', string>;
  delegationMembersClosed: Record<'subject' | 'intro' | 'action', string>;
  registrationCancelled: Record<'subject' | 'intro' | 'action', string>;
  registrationAccepted: Record<'subject' | 'intro' | 'action', string>;
  registrationDeclined: Record<'subject' | 'intro' | 'action', string>;
  registrationWaitlisted: Record<'subject' | 'intro' | 'action', string>;
  registrationPromoted: Record<'subject' | 'intro' | 'action', string>;
  googleBroken: Record<'subject' | 'intro' | 'action', string>;
  infoRequest: Record<'subject' | 'intro' | 'action', string>;
  infoRequestReminder: Record<'subject' | 'intro' | 'action', string>;
  exhibitorLink: Record<'subject' | 'intro' | 'action', string>;
}

// locales/ at the repository root: the single source of every user-facing text.
const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

let cache: Record<Locale, MailTexts> | undefined;

function texts(locale: Locale): MailTexts {
  cache ??= Object.fromEntries(
    LOCALES.map((l) => {
      const all = JSON.parse(readFileSync(new URL(`${l}.json`, LOCALES_DIR), 'utf8')) as {
        mail: MailTexts;
        infoRequests?: { mail?: Partial<MailTexts> };
      };
      // the information requests' mails sit with the rest of their texts
      return [l, { ...all.mail, ...all.infoRequests?.mail }];
    }),
  ) as Record<Locale, MailTexts>;
  return cache[locale] ?? cache[DEFAULT_LOCALE];
}

const interpolate = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** One layout for every mail: greeting, intro, a button and the raw link, the ignore line, signature. */
export function composeMail(
  kind: MailKind,
  locale: Locale,
  vars: {
    link: string;
    name?: string;
    organization?: string;
    inviter?: string;
    delegation?: string;
    /** a promoted person's deadline to confirm, written for the mail's language */
    deadline?: string;
    /** a waiting person's place on the list */
    place?: string;
    /** the event's name, in the mail's language */
    event?: string;
    /** the sender's own words (an information request's message), quoted after the intro as plain text */
    note?: string;
  },
): ComposedMail {
  const t = texts(locale);
  const own = t[kind];
  const values: Record<string, string> = {
    name: vars.name ?? '',
    organization: vars.organization ?? '',
    inviter: vars.inviter ?? '',
    delegation: vars.delegation ?? '',
    deadline: vars.deadline ?? '',
    place: vars.place ?? '',
    event: vars.event ?? '',
  };
  const subject = interpolate(own.subject, values);
  const greeting = vars.name ? interpolate(t.common.greeting, values) : t.common.greetingAnonymous;
  const intro = interpolate(own.intro, values);
  const text = [
    greeting,
    '',
    intro,
    '',
    ...(vars.note ? [vars.note, ''] : []),
    `${own.action}: ${vars.link}`,
    '',
    t.common.ignore,
    '',
    t.common.signature,
  ].join('\n');
  const link = escapeHtml(vars.link);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${vars.note ? `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(vars.note)}</blockquote>\n` : ''}<p><a href="${link}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(own.action)}</a></p>
<p>${escapeHtml(t.common.linkFallback)}<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(t.common.ignore)}</p>
<p>${escapeHtml(t.common.signature)}</p>
</body></html>`;
  return { subject, text, html };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fillPlaceholders, type MailingContent, mailingTextFor } from '@evt/contracts/mailings';
import { type Locale, localisePath, mainLocaleOf } from '@evt/contracts/locale';
import { publicEventPath } from '@evt/contracts/visitor-pages';
import type { Queryable } from '../db/db';
import { linkify } from '../mail/links';
import { escapeHtml } from '../mail/templates';
import { eventNameOfRow, languagesOfRow } from '../model/mappers';

/** The event's row: `{event}` is its name in the mail's language (`eventNameOfRow`). */
export interface MailingEvent {
  id: number;
  name: string;
  languages?: unknown;
  translations?: unknown;
}

export interface Addressee {
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
}

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** The public link a recipient unsubscribes with: GET shows a button, POST is RFC 8058's one click. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  new URL(`/unsubscribe/${token}`, publicUrl).toString();

/**
 * Links in the text as anchors, escaped. The link ends where linkify-it says it does: punctuation that
 * closes a sentence (`.`, `,`, `)`, `。`) stays outside it.
 */
function linkedHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const link of linkify.match(text) ?? []) {
    if (!/^https?:/i.test(link.url)) continue;
    html += `${escapeHtml(text.slice(at, link.index))}<a href="${escapeHtml(link.url)}">${escapeHtml(link.raw)}</a>`;
    at = link.lastIndex;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * One recipient's mail: the subject and body of their language with the placeholders filled (another
 * written language when theirs is not: `mailingTextFor`), the event's name and link in the mail's language.
 * `{{eventLink}}` is the event's public page: a recipient has no console account. The body is the
 * organiser's plain text; the HTML part is that text escaped, its line breaks and links kept.
 */
export function renderMailing(
  content: MailingContent,
  event: MailingEvent,
  to: Addressee,
  links: { publicUrl: string; unsubscribe: string },
) {
  const { locale, text } = mailingTextFor(content, to.locale, mainLocaleOf(languagesOfRow({ ...event })));
  const eventLink = new URL(localisePath(locale, publicEventPath(event.id)), links.publicUrl).toString();
  const values = {
    firstName: to.firstName,
    lastName: to.lastName,
    event: eventNameOfRow({ ...event }, locale),
    eventLink,
    unsubscribeLink: links.unsubscribe,
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a line break in a subject is a header break
  const subject = fillPlaceholders(text.subject, values).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  const body = fillPlaceholders(text.body, values);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
${linkedHtml(body).replace(/\r?\n/g, '<br>\n')}
</body></html>`;
  return { locale, subject, text: body, html };
}

/** The RFC 8058 headers: the one-click address, and the POST that mail providers send to it. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const keys = new WeakMap<Queryable, Buffer>();

/** The signing key, drawn by the first server that needs it and kept in the database. */
async function signingKey(db: Queryable): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  await db.query('INSERT INTO mailing_keys (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('base64url'),
  ]);
  const rows = await db.query<{ key: string }>('SELECT key FROM mailing_keys WHERE id = 1');
  const key = Buffer.from(String(rows[0]?.key), 'base64url');
  keys.set(db, key);
  return key;
}

const mac = (k: Buffer, recipientId: number) =>
  createHmac('sha256', k).update(`unsubscribe:${recipientId}`).digest('base64url').slice(0, 22);

/** `{recipientId}.{mac}`: no address in the link, and nobody can forge another recipient's. */
export async function unsubscribeToken(db: Queryable, recipientId: number): Promise<string> {
  return `${recipientId}.${mac(await signingKey(db), recipientId)}`;
}

/** The recipient id a token signs, or undefined. */
export async function verifyUnsubscribeToken(db: Queryable, token: string): Promise<number | undefined> {
  const [idText, given] = token.split('.');
  const recipientId = Number(idText);
  if (!Number.isSafeInteger(recipientId) || recipientId < 1 || !given) return undefined;
  const expected = Buffer.from(mac(await signingKey(db), recipientId));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected) ? recipientId : undefined;
}

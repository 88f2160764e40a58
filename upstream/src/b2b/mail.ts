import { keyFragment } from '@evt/contracts/visitor-pages';
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, isLocale, LOCALE_PREFIX, LOCALES, type Locale } from '@evt/contracts/locale';
import type { Ctx } from '../context';
import { escapeHtml } from '../mail/templates';
import { zonedTime } from '@evt/contracts/event-time-zone';

interface B2bMailTexts {
  greeting: string;
  signature: string;
  link: Record<'subject' | 'intro' | 'action' | 'expires', string>;
  agenda: Record<
    | 'subject'
    | 'intro'
    | 'updated'
    | 'action'
    | 'empty'
    | 'line'
    | 'online'
    | 'onlineLink'
    | 'short'
    | 'noRequests'
    | 'missing'
    | 'timeZone',
    string
  >;
  request: Record<'subject' | 'intro' | 'message' | 'action', string>;
  accepted: Record<'subject' | 'intro' | 'action', string>;
  /** `b2b.time.zoned`: a time with its zone */
  zoned: string;
  /** `b2bMatch.unplaced`: why a request has no meeting */
  reasons: Record<string, string>;
}

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
let cache: Record<Locale, B2bMailTexts> | undefined;
function texts(locale: Locale): B2bMailTexts {
  cache ??= Object.fromEntries(
    LOCALES.map((l) => {
      const all = JSON.parse(readFileSync(new URL(`${l}.json`, LOCALES_DIR), 'utf8')) as {
        b2b: { mail: Omit<B2bMailTexts, 'zoned' | 'reasons'>; time: { zoned: string } };
        b2bMatch: { unplaced: Record<string, string> };
      };
      return [l, { ...all.b2b.mail, zoned: all.b2b.time.zoned, reasons: all.b2bMatch.unplaced }];
    }),
  ) as Record<Locale, B2bMailTexts>;
  return cache[locale] ?? cache[DEFAULT_LOCALE];
}

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');

export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * The personal link of a company: `{base}{prefix}/events-{slug}/b2b-{code}#key={key}`, the key in the
 * fragment, which no server or log sees; without a key, the space's address (its page asks for the link).
 */
export function spaceUrl(base: string, locale: Locale, slug: string, code: number, key?: string): string {
  return `${base}${LOCALE_PREFIX[locale]}/events-${slug}/b2b-${code}${key ? keyFragment(key) : ''}`;
}

function layout(locale: Locale, paragraphs: string[], action: { label: string; url: string }) {
  const t = texts(locale);
  const text = [
    t.greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action.label}: ${action.url}`,
    '',
    t.signature,
  ].join('\n');
  const url = escapeHtml(action.url);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${url}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p><a href="${url}">${url}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { text, html };
}

export async function sendSpaceLink(
  ctx: Ctx,
  input: { to: string; locale: Locale; eventTitle: string; company: string; url: string; expires: string },
) {
  const t = texts(input.locale).link;
  const vars = { event: input.eventTitle, company: input.company, date: input.expires };
  const body = layout(input.locale, [fill(t.intro, vars), fill(t.expires, vars)], {
    label: t.action,
    url: input.url,
  });
  await ctx.mail.send({ to: input.to, locale: input.locale, subject: fill(t.subject, vars), ...body });
}

export interface AgendaLine {
  start: string;
  table: string | null;
  online: boolean;
  /** an online meeting's video link, once made */
  url?: string | null;
  other: string;
}

/** What the company asked for and did not get, and why (the programme's shortfalls, shortfalls.ts). */
export interface AgendaShortfall {
  asked: number;
  placed: number;
  missing: { other: string; reason: string }[];
}

export async function sendAgenda(
  ctx: Ctx,
  input: {
    to: string;
    locale: Locale;
    eventTitle: string;
    /** the event's zone: the times are on its clock, named */
    timeZone: string;
    url: string;
    updated: boolean;
    lines: AgendaLine[];
    shortfall: AgendaShortfall | null;
  },
) {
  const all = texts(input.locale);
  const t = all.agenda;
  const lines = input.lines.map((l) =>
    fill(t.line, {
      time: zonedTime(l.start, input.locale, input.timeZone, all.zoned),
      place: l.online ? (l.url ? fill(t.onlineLink, { url: l.url }) : t.online) : (l.table ?? ''),
      company: l.other,
    }),
  );
  const vars = { event: input.eventTitle };
  const short = input.shortfall;
  const why = !short
    ? []
    : short.asked === 0
      ? [t.noRequests]
      : [
          fill(t.short, { placed: String(short.placed), asked: String(short.asked) }),
          ...short.missing.map((m) =>
            fill(t.missing, { company: m.other, reason: all.reasons[m.reason] ?? m.reason }),
          ),
        ];
  const body = layout(
    input.locale,
    [
      fill(input.updated ? t.updated : t.intro, vars),
      ...(lines.length ? [...lines, t.timeZone] : short ? [] : [t.empty]),
      ...why,
    ],
    { label: t.action, url: input.url },
  );
  await ctx.mail.send({ to: input.to, locale: input.locale, subject: fill(t.subject, vars), ...body });
}

/** A request has arrived: the company asked is told who asks, with their message, in its own language. */
export async function sendRequestArrived(
  ctx: Ctx,
  input: {
    to: string;
    locale: Locale;
    eventTitle: string;
    company: string;
    from: string;
    message: string;
    url: string;
  },
) {
  const t = texts(input.locale).request;
  const vars = { event: input.eventTitle, company: input.company, from: input.from, message: input.message };
  const paragraphs = [fill(t.intro, vars), ...(input.message.trim() ? [fill(t.message, vars)] : [])];
  const body = layout(input.locale, paragraphs, { label: t.action, url: input.url });
  await ctx.mail.send({ to: input.to, locale: input.locale, subject: fill(t.subject, vars), ...body });
}

/** A request was accepted: the company that asked is told, and when it will know the time. */
export async function sendRequestAccepted(
  ctx: Ctx,
  input: { to: string; locale: Locale; eventTitle: string; company: string; other: string; url: string },
) {
  const t = texts(input.locale).accepted;
  const vars = { event: input.eventTitle, company: input.company, to: input.other };
  const body = layout(input.locale, [fill(t.intro, vars)], { label: t.action, url: input.url });
  await ctx.mail.send({ to: input.to, locale: input.locale, subject: fill(t.subject, vars), ...body });
}

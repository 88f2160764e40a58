import { readFileSync } from 'node:fs';
import type { PersonalDataExport } from '@evt/contracts/data-rights';
import { zonedTime } from '@evt/contracts/event-time-zone';
import { languageName } from '@evt/contracts/forms/countries';
import { fieldLabel, fieldText, shownSteps } from '@evt/contracts/forms/field-text';
import type { CustomQuestion } from '@evt/contracts/forms/questions';
import { formFor } from '@evt/contracts/forms/registry';
import type { Locale } from '@evt/contracts/locale';
import { escapeHtml } from '../mail/templates';

/**
 * The readable copy of a person's export (`personal-data.html` beside `data.json`): every section of the
 * JSON under its heading, field labels and codes in the person's language (the registration's), moments
 * on the event's clock with the zone named. One page of plain HTML: it opens in any browser, prints, and
 * reads aloud, with no script and no outside resource.
 */

// locales/ at the repository root: the single source of every user-facing text
const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
const messages = new Map<Locale, Record<string, unknown>>();

/** `t` over the whole message tree of a language; a missing key reads as the code after its last dot. */
function translator(locale: Locale) {
  let all = messages.get(locale);
  if (!all) {
    all = JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) as Record<string, unknown>;
    messages.set(locale, all);
  }
  const tree = all;
  // without `vars` a template is answered as it is (zonedTime fills `b2b.time.zoned` itself)
  return (key: string, vars?: Record<string, string>): string => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    const text = typeof found === 'string' ? found : (key.split('.').at(-1) ?? key);
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '') : text;
  };
}

const e = escapeHtml;

function table(headers: readonly string[], rows: readonly (readonly string[])[], none: string): string {
  if (rows.length === 0) return `<p>${e(none)}</p>`;
  const head = headers.map((h) => `<th scope="col">${e(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const list = (pairs: readonly (readonly [string, string])[]) =>
  `<dl>${pairs.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v || '—')}</dd>`).join('')}</dl>`;

/** The readable copy of `data`, in `locale`, moments in the event's `timeZone`. */
export function readableExport(
  data: PersonalDataExport,
  locale: Locale,
  timeZone: string,
  questions: readonly CustomQuestion[] = [],
): string {
  const t = translator(locale);
  const r = data.registration;
  const intl = locale;
  const when = (iso: string | null) => (iso ? zonedTime(iso, intl, timeZone, t('b2b.time.zoned')) : '');
  const col = (name: string) => t(`dataRights.readable.columns.${name}`);
  const none = t('dataRights.readable.none');
  const yes = t('console.export.yes');
  const no = t('console.export.no');
  const name = [r.firstNames, r.lastName].filter(Boolean).join(' ') || r.email;
  const form = formFor(r.kind, questions);
  const answers = shownSteps(form)
    .flatMap((step) => step.fields)
    .map(
      (field) =>
        [fieldLabel(form, field, { t, locale }), fieldText(form, field, r, { t, locale, yes, no })] as const,
    )
    .filter(([, value]) => value !== '');
  const section = (heading: string, content: string) =>
    `<section>\n<h2>${e(t(`dataRights.readable.${heading}`))}</h2>\n${content}\n</section>`;
  const requests = (
    heading: 'requestsSent' | 'requestsReceived',
    rows: readonly { at: string; company: string; status: string; message: string }[],
  ) =>
    section(
      heading,
      table(
        [col('date'), col('company'), col('status'), col('message')],
        rows.map((q) => [when(q.at), q.company, t(`b2b.space.requests.status.${q.status}`), q.message]),
        none,
      ),
    );
  const title = t('dataRights.readable.title', { name, event: data.event.name });
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<title>${e(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:start;vertical-align:top}
dt{font-weight:bold}dd{margin:0 0 .5rem}</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<p>${e(t('dataRights.readable.intro', { event: data.event.name, date: when(data.exportedAt) }))}</p>
${section(
  'registration',
  list([
    [t('console.export.id'), String(r.id)],
    [t('registrationsAdmin.columns.kind'), t(`forms.kinds.${r.kind}.title`)],
    [t('registrationsAdmin.columns.status'), t(`enums.registrationStatuses.${r.status}`)],
    [t('console.registrationDetail.submittedIn'), languageName(r.locale, locale)],
    [t('registrationsAdmin.columns.lastName'), r.lastName],
    [t('registrationsAdmin.columns.firstNames'), r.firstNames],
    [t('registrationsAdmin.columns.email'), r.email],
    [t('registrationsAdmin.columns.createdAt'), when(r.createdAt)],
    [t('console.export.confirmedAt'), when(r.confirmedAt)],
    [t('registrationsAdmin.columns.telegram'), r.telegramNotifications ? yes : no],
  ]),
)}
${section('answers', answers.length ? list(answers) : `<p>${e(none)}</p>`)}
${section(
  'history',
  table(
    [col('date'), col('status')],
    data.statusHistory.map((h) => [when(h.at), t(`enums.registrationStatuses.${h.status}`)]),
    none,
  ),
)}
${section(
  'checkIns',
  table(
    [col('date')],
    data.checkIns.map((c) => [when(c.at)]),
    none,
  ),
)}
${requests(
  'requestsSent',
  data.b2b.requestsSent.map((q) => ({ ...q, company: q.to })),
)}
${requests(
  'requestsReceived',
  data.b2b.requestsReceived.map((q) => ({ ...q, company: q.from })),
)}
${section(
  'meetings',
  table(
    [col('slot'), col('table'), col('status')],
    data.b2b.meetings.map((m) => [m.slotId, m.table ?? '', t(`b2b.space.agenda.status.${m.status}`)]),
    none,
  ),
)}
${section(
  'leads',
  table(
    [col('date'), col('company'), col('note'), col('rating')],
    data.leads.map((l) => [when(l.at), l.exhibitor, l.note, l.rating === null ? '' : String(l.rating)]),
    none,
  ),
)}
${section(
  'mailings',
  table(
    [col('mailing'), col('address'), col('state'), col('date')],
    data.mailings.map((m) => [String(m.mailingId), m.email, t(`mailings.states.${m.state}`), when(m.sentAt)]),
    none,
  ),
)}
${data.unsubscribedAt ? `<p>${e(t('dataRights.readable.unsubscribed', { date: when(data.unsubscribedAt) }))}</p>` : ''}
${section(
  'files',
  table(
    [col('file'), col('field'), col('type'), col('size')],
    data.files.map((f) => [f.path, t(`forms.fields.${f.field}.label`), f.type, String(f.size)]),
    none,
  ),
)}
</main>
</body>
</html>
`;
}

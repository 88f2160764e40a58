import '../planning.css';
import { planningRoutes } from '@evt/contracts/planning';
import { useTranslation } from 'react-i18next';
import { eventNameOnPage, WithEventName } from '../../../components/event-name';
import { LanguageNote } from '../../../components/language-note';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { API_PREFIX, apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { createReadCache, useRead } from '../../../lib/read-cache';
import { dayLabel } from '../lib/times';
import { ScrollTable } from '../../../components/ui/scroll-table';

/** The public programme by the event's id or slug, read as every visitor page reads (lib/read-cache.ts). */
const programmeRead = createReadCache((slug: string) =>
  apiRequest(planningRoutes.publicProgramme, { params: { slug } }),
);

/**
 * `/events/{id}/programme` (public, visitor entry): the event's programme, read only, day by day, with
 * its `.ics` for a calendar (one entry per session, replaced rather than doubled when imported again).
 */
export function PublicProgrammePage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const state = useRead(programmeRead, slug);
  const programme = state.data;
  // the event's name in the page's language when written, else the main one, marked
  const name =
    programme &&
    eventNameOnPage(
      { main: programme.event.title, versions: programme.event.titles, languages: programme.event.languages },
      locale,
    );
  useDocumentTitle(name ? t('planning.public.title', { event: name.text }) : t('planning.public.pageTitle'));

  let body: React.ReactNode;
  if (state.isPending) body = <PageSpinner />;
  else if (!programme)
    body = (
      <>
        <h1 className="page-title">{t('planning.public.pageTitle')}</h1>
        <Alert tone="error" title={t('planning.public.unavailable')}>
          {isApiError(state.error) && state.error.status === 404
            ? t('planning.public.unknown')
            : t('errors.connection')}
        </Alert>
      </>
    );
  else if (name) {
    const days = [...new Set(programme.sessions.map((s) => s.day))].sort();
    body = (
      <article className="programme" aria-labelledby="programme-title">
        <h1 className="page-title" id="programme-title">
          <WithEventName
            sentence={(event) => t('planning.public.title', { event })}
            name={name}
            page={locale}
          />
        </h1>
        <LanguageNote shown={name.locale} page={locale} />
        <p className="planning__links">
          <a href={lp(`/events/${programme.event.id}`)}>{t('planning.public.eventPage')}</a>
          <a href={`${API_PREFIX}/public/events/${programme.event.id}/programme.ics`} download>
            {t('planning.public.ics')}
          </a>
        </p>
        {days.length === 0 ? <p>{t('planning.public.empty')}</p> : null}
        {days.map((day) => (
          // not a named region itself: the day's table box is one, named by the same day
          <section key={day}>
            <h2>{dayLabel(locale, day)}</h2>
            <ScrollTable caption={dayLabel(locale, day)} captionHidden>
              <thead>
                <tr>
                  <th scope="col">{t('planning.public.time')}</th>
                  <th scope="col">{t('planning.public.session')}</th>
                  <th scope="col">{t('planning.public.room')}</th>
                  <th scope="col">{t('planning.public.speakers')}</th>
                </tr>
              </thead>
              <tbody>
                {programme.sessions
                  .filter((s) => s.day === day)
                  .sort((a, b) => a.start.localeCompare(b.start) || a.room.localeCompare(b.room))
                  .map((s) => (
                    <tr key={s.id}>
                      <td>{t('planning.public.timeRange', { start: s.start, end: s.end })}</td>
                      <th scope="row">{s.title}</th>
                      <td>{s.room}</td>
                      <td>{s.speakers.join(', ')}</td>
                    </tr>
                  ))}
              </tbody>
            </ScrollTable>
          </section>
        ))}
      </article>
    );
  }
  return <NeutralLayout variant="event-public">{body}</NeutralLayout>;
}

import { eventTimeZone, zonedTime } from '@evt/contracts/event-time-zone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useLocale } from '../../../lib/locale-path';
import { feedUrl, renewFeedKey, type SpaceLink } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { agendaRead, feedKeyRead } from '../api/space-reads';
import { MustMeetOutcomes } from './must-meet-outcomes';

/**
 * The company's published agenda: time, table or online link, the other company; an `.ics` download made
 * in the page from the same answer, and the calendar feed's address (UIDs stay when a meeting moves).
 */
export function AgendaView({ link }: { link: SpaceLink }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, error } = useRead(agendaRead, link);
  const feed = useRead(feedKeyRead, link);
  const [renewError, setRenewError] = useState<unknown>(null);
  const feedKey = feed.data?.feedKey;
  const renew = () => {
    setRenewError(null);
    // the new key replaces the cached one: the page shows the new address at once
    renewFeedKey(link).then((answer) => feedKeyRead.seed(link, answer), setRenewError);
  };
  // the event's clock, named: a company abroad reads whose time it is
  const when = (iso: string) =>
    zonedTime(iso, locale, eventTimeZone(data), t('b2b.time.zoned'), {
      dateStyle: 'full',
      timeStyle: 'short',
    });
  const download = async () => {
    if (!data) return;
    // the iCalendar writer is loaded on the first download only: the page itself does not need it
    const { agendaIcs } = await import('@evt/contracts/b2b-ics');
    const text = agendaIcs(data, {
      summary: t('b2b.space.agenda.icsSummary', {
        company: '{{company}}',
        interpolation: { skipOnVariables: true },
      }),
      online: t('b2b.space.agenda.online'),
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'b2b-agenda.ics';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="b2b-agenda">
      <h2 id="b2b-agenda">{t('b2b.space.tabs.agenda')}</h2>
      <ErrorAlert error={error} />
      {!data && !error ? <Spinner label={t('b2b.space.loading')} /> : null}
      {data && !data.published ? (
        <EmptyState
          title={t('b2b.space.agenda.notPublishedTitle')}
          message={t('b2b.space.agenda.notPublished')}
        />
      ) : null}
      {data?.published ? (
        <>
          {data.meetings.length === 0 ? <p>{t('b2b.space.agenda.empty')}</p> : null}
          <ol className="b2b-agenda">
            {data.meetings.map((m) => (
              <li key={m.uid} className={`b2b-agenda__item b2b-agenda__item--${m.status}`}>
                <p className="b2b-agenda__time">{when(m.start)}</p>
                <p>
                  <Link to={`?company=${m.otherId}`}>{m.otherName}</Link>
                  {' · '}
                  {m.table !== null ? (
                    t('b2b.space.agenda.table', { table: m.table })
                  ) : m.onlineUrl ? (
                    <a href={m.onlineUrl} rel="noopener noreferrer" target="_blank">
                      {t('b2b.space.agenda.join')}
                    </a>
                  ) : (
                    t('b2b.space.agenda.onlineLater')
                  )}
                </p>
                {m.status !== 'scheduled' ? <p>{t(`b2b.space.agenda.status.${m.status}`)}</p> : null}
              </li>
            ))}
          </ol>
          <MustMeetOutcomes items={data.mustMeet} />
          <p className="b2b-agenda__actions">
            <Button onClick={download}>{t('b2b.space.agenda.download')}</Button>
          </p>
          <ErrorAlert error={feed.error ?? renewError} />
          {feedKey ? (
            <>
              <p>
                {t('b2b.space.agenda.feed')}{' '}
                <code className="b2b-agenda__feed">{feedUrl(link, feedKey)}</code>
              </p>
              <p>
                <Button onClick={renew}>{t('b2b.space.agenda.renewFeed')}</Button>
              </p>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

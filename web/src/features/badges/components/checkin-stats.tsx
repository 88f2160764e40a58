import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { useCheckinStats } from '../api/checkin';
import { ScrollTable } from '../../../components/ui/scroll-table';

/**
 * The dashboard's arrivals: by role, by hour and by desk (the offline-capable devices' names), each a data table (what a screen reader reads)
 * with a bar drawn in each row for the eye.
 */
export function CheckinStats({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const stats = useCheckinStats(eventId);
  if (stats.error) return <ErrorAlert error={stats.error} />;
  if (!stats.data) return null;
  const { byRole, byHour, byDesk, checkedIn, confirmed } = stats.data;
  const hourFormat = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const busiest = Math.max(1, ...byHour.map((h) => h.count));
  return (
    <section className="card checkin-stats" aria-labelledby="checkin-stats-title">
      <h2 id="checkin-stats-title" className="card__title">
        {t('checkin.stats.title')}
      </h2>
      <p>{t('checkin.stats.total', { checkedIn, confirmed })}</p>
      <div className="checkin-stats__tables">
        <ScrollTable caption={t('checkin.stats.byRole')}>
          <thead>
            <tr>
              <th scope="col">{t('checkin.stats.role')}</th>
              <th scope="col">{t('checkin.stats.checkedIn')}</th>
              <th scope="col">{t('checkin.stats.confirmed')}</th>
            </tr>
          </thead>
          <tbody>
            {byRole.map((row) => (
              <tr key={row.role}>
                <th scope="row">{t(`badges.roles.${row.role}`)}</th>
                <td>
                  {row.checkedIn}
                  <progress
                    className="checkin-stats__bar"
                    aria-hidden="true"
                    max={Math.max(1, row.confirmed)}
                    value={row.checkedIn}
                  />
                </td>
                <td>{row.confirmed}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {byHour.length === 0 ? (
          <p>{t('checkin.stats.none')}</p>
        ) : (
          <ScrollTable caption={t('checkin.stats.byHour')}>
            <thead>
              <tr>
                <th scope="col">{t('checkin.stats.hour')}</th>
                <th scope="col">{t('checkin.stats.count')}</th>
              </tr>
            </thead>
            <tbody>
              {byHour.map((row) => (
                <tr key={row.hour}>
                  <th scope="row">{hourFormat.format(new Date(row.hour))}</th>
                  <td>
                    {row.count}
                    <progress
                      className="checkin-stats__bar"
                      aria-hidden="true"
                      max={busiest}
                      value={row.count}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        {byDesk.length > 0 && (
          <ScrollTable caption={t('checkin.stats.byDesk')}>
            <thead>
              <tr>
                <th scope="col">{t('checkin.stats.desk')}</th>
                <th scope="col">{t('checkin.stats.count')}</th>
              </tr>
            </thead>
            <tbody>
              {byDesk.map((row) => (
                <tr key={row.desk ?? ''}>
                  <th scope="row">{row.desk ?? t('checkin.stats.noDesk')}</th>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </div>
    </section>
  );
}

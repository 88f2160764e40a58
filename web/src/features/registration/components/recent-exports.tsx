import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../lib/format';
import { exportFileUrl, useRecentExports } from '../api/registration-exports';

/**
 * The files the organiser asked for in the last day (any list of the event), each with its state: a file
 * written while they were on another page, or asked for before a reload, is downloaded from here.
 */
export function RecentExports({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'short', timeStyle: 'short' });
  const recent = useRecentExports(eventId);
  const exports = recent.data?.data ?? [];
  if (exports.length === 0) return null;
  return (
    <details className="recent-exports">
      <summary>{t('console.export.recent')}</summary>
      <ul>
        {exports.map((item) => {
          const words = {
            format: item.format.toUpperCase(),
            date: formatDate(item.createdAt),
            done: item.rowsDone,
            total: item.status === 'done' ? item.rowsDone : item.rowsTotal,
          };
          return (
            <li key={item.id}>
              {item.status === 'done' ? (
                <a href={exportFileUrl(eventId, item.id)} download>
                  {t('console.export.recentItem', words)}
                </a>
              ) : item.status === 'failed' ? (
                t('console.export.recentFailed', words)
              ) : (
                t('console.export.recentRunning', words)
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

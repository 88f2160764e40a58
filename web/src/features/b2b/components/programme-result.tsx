import type { ProgrammeView } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n/keys';

const reasonKey = (reason: string) => `b2bMatch.unplaced.${reason}` as MessageKey;

/** "Fewest per company": the figure with the companies it is about, so a 0 says who has nothing. */
export function useFewest() {
  const { t, i18n } = useTranslation();
  return (figures: ProgrammeView['figures']): string => {
    if (!figures.minCompanies.length) return String(figures.minMeetings);
    const companies = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      figures.minCompanies,
    );
    return t('b2b.programme.figures.minWho', { count: figures.minMeetings, companies });
  };
}

/** Every open request without a meeting and why: the scheduler's reasons, or that it never reached it. */
export function LeftOutRequests({ view }: { view: ProgrammeView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="b2b-unplaced-h">
      <h2 id="b2b-unplaced-h">{t('b2b.programme.unplaced.title')}</h2>
      {view.unplaced.length === 0 ? <p>{t('b2b.programme.unplaced.none')}</p> : null}
      <ul>
        {view.unplaced.map((u) => (
          <li key={u.requestId}>
            {u.mustMeet ? <strong>{t('b2b.programme.unplaced.mustMeet')} </strong> : null}
            {t('b2b.programme.unplaced.line', { from: u.fromName, to: u.toName })}
            {' — '}
            {t(reasonKey(u.reason))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every company with fewer meetings than it asked for, each missing meeting with its reason. */
export function Shortfalls({ view }: { view: ProgrammeView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="b2b-shortfalls-h">
      <h2 id="b2b-shortfalls-h">{t('b2b.programme.shortfalls.title')}</h2>
      {view.shortfalls.length === 0 ? <p>{t('b2b.programme.shortfalls.none')}</p> : null}
      <ul>
        {view.shortfalls.map((s) => (
          <li key={s.companyId}>
            {s.asked === 0
              ? t('b2b.programme.shortfalls.noRequests', { company: s.companyName })
              : t('b2b.programme.shortfalls.company', {
                  company: s.companyName,
                  placed: s.placed,
                  asked: s.asked,
                })}
            {s.missing.length ? (
              <ul>
                {s.missing.map((m) => (
                  <li key={m.requestId}>
                    {t('b2b.programme.shortfalls.missing', {
                      other: m.fromId === s.companyId ? m.toName : m.fromName,
                      reason: t(reasonKey(m.reason)),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { MustMeetOutcome } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';

/** The company's must-meet requests in its published agenda: each placed, or why it was not. */
export function MustMeetOutcomes({ items }: { items: MustMeetOutcome[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="b2b-must-meet">
      <h3 id="b2b-must-meet">{t('b2b.space.agenda.mustMeetTitle')}</h3>
      <ul className="b2b-must-meet">
        {items.map((m) => (
          <li key={m.requestId}>
            {m.placed
              ? t('b2b.space.agenda.mustMeetPlaced', { company: m.otherName })
              : m.reason
                ? t('b2b.space.agenda.mustMeetLeftOut', {
                    company: m.otherName,
                    reason: t(`b2bMatch.unplaced.${m.reason}`),
                  })
                : t('b2b.space.agenda.mustMeetWaiting', { company: m.otherName })}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { MATCH_CRITERIA, type MatchConfigBody } from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveMatchConfig } from '../api/programme';

/** The matching weights (0–10 per criterion) and the lowest suggested score, saved through config_matching. */
export function MatchForm({ eventId, match }: { eventId: number; match: MatchConfigBody }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(match);
  const save = useSaveMatchConfig(eventId);
  return (
    <form
      className="b2b-form"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value);
      }}
    >
      <h2 id={`${id}-h`}>{t('b2b.programme.match.title')}</h2>
      {MATCH_CRITERIA.map((c) => (
        <div className="field" key={c}>
          <label htmlFor={`${id}-${c}`}>
            {t('b2b.programme.match.weight', { criterion: t(`b2b.programme.match.criteria.${c}`) })}
          </label>
          <input
            id={`${id}-${c}`}
            type="number"
            min={0}
            max={10}
            value={value.weights[c]}
            onChange={(e) =>
              setValue({ ...value, weights: { ...value.weights, [c]: Number(e.target.value) } })
            }
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${id}-min`}>{t('b2b.programme.match.minScore')}</label>
        <input
          id={`${id}-min`}
          type="number"
          min={0}
          max={100}
          value={value.minScore}
          onChange={(e) => setValue({ ...value, minScore: Number(e.target.value) })}
        />
      </div>
      <Button type="submit" busy={save.isPending}>
        {t('b2b.programme.match.save')}
      </Button>
      {save.isSuccess ? <Alert tone="success">{t('b2b.programme.match.saved')}</Alert> : null}
      <ErrorAlert error={save.error} />
    </form>
  );
}

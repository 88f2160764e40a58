import {
  B2B_ONLINE_PLATFORMS,
  type B2bOnlinePlatform,
  MATCH_CRITERIA,
  type MatchConfigBody,
  type ProgrammeSettings,
  programmeSettings,
} from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveMatchConfig, useSaveSettings } from '../api/programme';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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

/** Days, slot length, breaks, tables and the request rules; parsed with the contract's schema first. */
export function SettingsForm({ eventId, settings }: { eventId: number; settings: ProgrammeSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSettings(eventId);
  const [text, setText] = useState({
    days: settings.days.join(', '),
    dayStart: settings.dayStart,
    dayEnd: settings.dayEnd,
    slotMinutes: String(settings.slotMinutes),
    breaks: settings.breaks.map((b) => `${b.start}-${b.end}`).join(', '),
    tables: settings.tables.join(', '),
    mutualAcceptance: settings.mutualAcceptance,
    requestCap: String(settings.requestCap),
    meetingQuota: String(settings.meetingQuota),
    onlinePlatform: settings.onlinePlatform as B2bOnlinePlatform,
  });
  const [invalid, setInvalid] = useState<string[]>([]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = programmeSettings.safeParse({
      days: list(text.days),
      dayStart: text.dayStart,
      dayEnd: text.dayEnd,
      slotMinutes: Number(text.slotMinutes),
      breaks: list(text.breaks).map((b) => {
        const [start = '', end = ''] = b.split('-').map((s) => s.trim());
        return { start, end };
      }),
      tables: list(text.tables),
      mutualAcceptance: text.mutualAcceptance,
      requestCap: Number(text.requestCap),
      meetingQuota: Number(text.meetingQuota),
      companyCaps: settings.companyCaps,
      onlineLinkNote: settings.onlineLinkNote,
      onlinePlatform: text.onlinePlatform,
    });
    if (!parsed.success) {
      setInvalid([...new Set(parsed.error.issues.map((i) => String(i.path[0])))]);
      return;
    }
    setInvalid([]);
    save.mutate(parsed.data);
  };
  const field = (name: keyof typeof text, type = 'text') => (
    <div className="field" key={name}>
      <label htmlFor={`${id}-${name}`}>{t(`b2b.programme.settings.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={String(text[name])}
        aria-invalid={invalid.includes(name) || undefined}
        aria-describedby={invalid.includes(name) ? `${id}-err` : undefined}
        onChange={(e) => setText({ ...text, [name]: e.target.value })}
      />
    </div>
  );
  return (
    <form className="b2b-form" aria-labelledby={`${id}-h`} onSubmit={submit} noValidate>
      <h2 id={`${id}-h`}>{t('b2b.programme.settings.title')}</h2>
      {field('days')}
      {field('dayStart', 'time')}
      {field('dayEnd', 'time')}
      {field('slotMinutes', 'number')}
      {field('breaks')}
      {field('tables')}
      <div className="field field--check">
        <input
          id={`${id}-mutual`}
          type="checkbox"
          checked={text.mutualAcceptance}
          onChange={(e) => setText({ ...text, mutualAcceptance: e.target.checked })}
        />
        <label htmlFor={`${id}-mutual`}>{t('b2b.programme.settings.mutualAcceptance')}</label>
      </div>
      {field('requestCap', 'number')}
      {field('meetingQuota', 'number')}
      <div className="field">
        <label htmlFor={`${id}-platform`}>{t('b2b.programme.settings.onlinePlatform')}</label>
        <select
          id={`${id}-platform`}
          value={text.onlinePlatform}
          aria-describedby={`${id}-platform-hint`}
          onChange={(e) => setText({ ...text, onlinePlatform: e.target.value as B2bOnlinePlatform })}
        >
          {B2B_ONLINE_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {t(`b2b.programme.settings.platforms.${p}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-platform-hint`} className="muted">
          {t('b2b.programme.settings.onlinePlatformHint')}
        </p>
      </div>
      {invalid.length ? (
        <div id={`${id}-err`}>
          <Alert tone="error">{t('validation.invalidInput')}</Alert>
        </div>
      ) : null}
      <Button type="submit" busy={save.isPending}>
        {t('b2b.programme.settings.save')}
      </Button>
      {save.isSuccess ? <Alert tone="success">{t('b2b.programme.settings.saved')}</Alert> : null}
      <ErrorAlert error={save.error} />
    </form>
  );
}

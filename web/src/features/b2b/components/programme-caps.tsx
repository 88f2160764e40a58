import type { ProgrammeView } from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveSettings } from '../api/programme';

/**
 * Request caps of their own for some companies: more for a key buyer, 0 for a company that
 * should only answer. The others keep the programme's cap. Saved with the programme's settings; the
 * upstream enforces them when a company sends a request.
 */
export function CompanyCapsForm({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSettings(eventId);
  const [companyId, setCompanyId] = useState('');
  const [cap, setCap] = useState(String(view.settings.requestCap));
  const [invalid, setInvalid] = useState(false);
  const caps = view.settings.companyCaps;
  const byId = new Map(view.companies.map((c) => [c.id, c]));
  const write = (next: typeof caps) => save.mutate({ ...view.settings, companyCaps: next });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = Number(cap);
    const company = Number(companyId);
    if (!company || !Number.isInteger(value) || value < 0 || value > 200 || cap.trim() === '') {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    write([...caps.filter((c) => c.companyId !== company), { companyId: company, requestCap: value }]);
  };
  return (
    <section aria-labelledby={`${id}-h`} className="b2b-form">
      <h2 id={`${id}-h`}>{t('b2b.programme.caps.title')}</h2>
      <p>{t('b2b.programme.caps.help', { cap: view.settings.requestCap })}</p>
      {caps.length === 0 ? (
        <p>{t('b2b.programme.caps.none')}</p>
      ) : (
        <ul className="b2b-caps">
          {caps.map((c) => {
            const company = byId.get(c.companyId);
            const name = company?.companyName ?? `#${c.companyId}`;
            return (
              <li key={c.companyId}>
                {t('b2b.programme.caps.row', {
                  company: name,
                  cap: c.requestCap,
                  used: company?.requestsUsed ?? 0,
                })}{' '}
                <Button
                  variant="secondary"
                  busy={save.isPending}
                  aria-label={t('b2b.programme.caps.remove', { company: name })}
                  onClick={() => write(caps.filter((x) => x.companyId !== c.companyId))}
                >
                  {t('b2b.programme.caps.removeShort')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
        <div className="field">
          <label htmlFor={`${id}-c`}>{t('b2b.programme.caps.company')}</label>
          <select
            id={`${id}-c`}
            value={companyId}
            aria-invalid={(invalid && !companyId) || undefined}
            onChange={(e) => setCompanyId(e.target.value)}
          >
            <option value="">{t('b2b.programme.caps.choose')}</option>
            {view.companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.companyName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-n`}>{t('b2b.programme.caps.cap')}</label>
          <input
            id={`${id}-n`}
            type="number"
            min={0}
            max={200}
            value={cap}
            aria-invalid={invalid || undefined}
            onChange={(e) => setCap(e.target.value)}
          />
        </div>
        {invalid ? <Alert tone="error">{t('b2b.programme.caps.invalid')}</Alert> : null}
        <Button type="submit" busy={save.isPending}>
          {t('b2b.programme.caps.add')}
        </Button>
      </form>
      {save.isSuccess ? <Alert tone="success">{t('b2b.programme.caps.saved')}</Alert> : null}
      <ErrorAlert error={save.error} />
    </section>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldShell } from '../../../components/ui/form';
import { useLocalePath } from '../../../lib/locale-path';
import { leaveKioskMode } from '../lib/kiosk';

/**
 * "Leave kiosk mode (staff)": asks for the staff PIN chosen when the kiosk was started (the BFF checks it
 * and limits the tries); staff who lost it sign in instead, which ends the kiosk on this device too.
 */
export function KioskLeave() {
  const { t } = useTranslation();
  const id = useId();
  const lp = useLocalePath();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  // the visitor build has no query client: the one write of the page keeps its own state
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const leave = async () => {
    setPending(true);
    setError(null);
    try {
      await leaveKioskMode({ pin });
    } catch (failed) {
      setError(failed);
      setPending(false);
    }
  };
  if (!open)
    return (
      <p className="kiosk-leave">
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          {t('kiosk.leave')}
        </Button>
      </p>
    );
  return (
    <form
      className="kiosk-leave"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void leave();
      }}
    >
      <h2 id={`${id}-title`}>{t('kiosk.leaveTitle')}</h2>
      <FieldShell label={t('kiosk.pin')} required>
        {({ inputId, describedBy }) => (
          <input
            id={inputId}
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            required
            // biome-ignore lint/a11y/noAutofocus: the staff member asked for this field by pressing the button
            autoFocus
            aria-describedby={describedBy}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
        )}
      </FieldShell>
      <ErrorAlert error={error} />
      <div className="kiosk-leave__actions">
        <Button type="submit" size="sm" busy={pending}>
          {t('kiosk.leaveConfirm')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setOpen(false);
            setPin('');
            setError(null);
          }}
        >
          {t('kiosk.leaveCancel')}
        </Button>
      </div>
      <p className="field__hint">
        <a href={lp('/auth/login')}>{t('kiosk.signIn')}</a>
      </p>
    </form>
  );
}

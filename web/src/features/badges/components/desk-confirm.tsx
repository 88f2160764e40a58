import type { CheckedInPerson } from '@evt/contracts/checkin';
import { apiRoutes } from '@evt/contracts/routes';
import { buildPath } from '@evt/contracts/http';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { usePersonName } from '../../../lib/person-name';
import { useActionAccess } from '../../../lib/queries/permissions';
import { useDeskConfirmMutation } from '../api/checkin';
import { downloadBadgePdf } from '../lib/pdf-download';

type Printed =
  | { state: 'idle' }
  | { state: 'printing' }
  | { state: 'ready'; url: string }
  | { state: 'failed' };

/**
 * "Confirm and print now" for someone at the desk who has not confirmed by e-mail (a kiosk registrant):
 * confirmed by hand, then their badge drawn, ready to print. A member who may confirm but not print badges
 * gets the confirmation (the door then checks them in); one who may not confirm is told which right it takes.
 */
export function DeskConfirm({
  eventId,
  person,
  onConfirmed,
}: {
  eventId: number;
  person: CheckedInPerson;
  /** the person is confirmed: the search shows them as such, this block stays for the badge */
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const confirm = useDeskConfirmMutation(eventId);
  const canPrint = useActionAccess(eventId, apiRoutes.badges.generate).allowed;
  const [printed, setPrinted] = useState<Printed>({ state: 'idle' });
  const name = nameOf(person);
  const url = printed.state === 'ready' ? printed.url : null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const print = async () => {
    setPrinted({ state: 'printing' });
    try {
      const path = `${buildPath(apiRoutes.badges.generate.path, { id: eventId })}?registrationId=${person.registrationId}`;
      const { blob } = await downloadBadgePdf(path, () => {});
      setPrinted({ state: 'ready', url: URL.createObjectURL(blob) });
    } catch {
      setPrinted({ state: 'failed' });
    }
  };
  const run = () =>
    confirm.mutate(person.registrationId, {
      onSuccess: () => {
        onConfirmed();
        if (canPrint) void print();
      },
    });
  return (
    <div className="desk-confirm">
      {confirm.isSuccess ? (
        <p role="status">{t('checkin.desk.confirmed', { name })}</p>
      ) : (
        <PermittedButton
          eventId={eventId}
          call={apiRoutes.registrations.confirmByHand}
          size="sm"
          busy={confirm.isPending}
          onClick={run}
        >
          {t(canPrint ? 'checkin.desk.confirmPrint' : 'checkin.desk.confirmOnly', { name })}
        </PermittedButton>
      )}
      <ErrorAlert error={confirm.error} />
      {printed.state === 'printing' ? <p role="status">{t('checkin.desk.printing')}</p> : null}
      {printed.state === 'failed' ? <p role="alert">{t('checkin.desk.printFailed')}</p> : null}
      {url ? (
        <a className="btn btn--primary btn--sm" href={url} target="_blank" rel="noreferrer">
          {t('checkin.desk.openBadge', { name })}
        </a>
      ) : null}
    </div>
  );
}

import { type ComponentProps, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionAccess, type ActionCall, useActionAccess } from '../../lib/queries/permissions';
import { Button } from './button';

/** Why an action is disabled: the permission the member lacks, by its name on the rights page. */
export function NotPermitted({ access, id }: { access: ActionAccess; id?: string }) {
  const { t } = useTranslation();
  if (!access.missing) return null;
  return (
    <span id={id} className="field__hint not-permitted">
      {t('rights.missing', { permission: t(`rights.permissions.${access.missing}`) })}
    </span>
  );
}

/**
 * A button for an action guarded by an event permission: disabled, with the permission it needs said beside
 * it, for a member who lacks it (read from route-access.ts, the table the BFF enforces), so nobody clicks
 * their way to "You do not have access". The server still decides every call.
 */
export function PermittedButton({
  eventId,
  call,
  disabled,
  ...props
}: ComponentProps<typeof Button> & { eventId: number; call: ActionCall }) {
  const access = useActionAccess(eventId, call);
  const noteId = useId();
  return (
    <>
      <Button
        {...props}
        disabled={disabled || !access.allowed}
        aria-describedby={
          access.missing
            ? [props['aria-describedby'], noteId].filter(Boolean).join(' ')
            : props['aria-describedby']
        }
      />
      <NotPermitted access={access} id={noteId} />
    </>
  );
}

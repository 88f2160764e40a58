import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

/**
 * Invalidating an invitation cannot be undone (the link stops working): the button asks first, in a modal
 * dialog (the shared Radix one: focus trapped, Escape and Cancel close it, focus returns to the button).
 */
export function InvalidateConfirm({
  email,
  busy,
  onConfirm,
}: {
  email: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('invitationConfirm.title')}
      description={t('invitationConfirm.message', { email })}
      trigger={
        <Button size="sm" variant="danger" aria-label={t('console.invitations.invalidateFor', { email })}>
          {t('console.invitations.invalidate')}
        </Button>
      }
    >
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="secondary">{t('invitationConfirm.cancel')}</Button>
        </DialogClose>
        <Button
          variant="danger"
          busy={busy}
          onClick={() => {
            // the row shows a failure; the dialog closes either way
            onConfirm().then(
              () => setOpen(false),
              () => setOpen(false),
            );
          }}
        >
          {t('invitationConfirm.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

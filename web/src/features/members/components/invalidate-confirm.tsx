import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Invalidating an invitation cannot be undone (the link stops working): the button asks first, in the
 * shared confirmation dialog (focus trapped, Escape and Cancel close it, focus returns to the button).
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
    <>
      <Button
        size="sm"
        variant="danger"
        aria-label={t('console.invitations.invalidateFor', { email })}
        onClick={() => setOpen(true)}
      >
        {t('console.invitations.invalidate')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('invitationConfirm.title')}
        description={t('invitationConfirm.message', { email })}
        confirmLabel={t('invitationConfirm.confirm')}
        busy={busy}
        // the row shows a failure; the dialog closes either way
        onConfirm={() => {
          onConfirm().then(
            () => setOpen(false),
            () => setOpen(false),
          );
        }}
      />
    </>
  );
}

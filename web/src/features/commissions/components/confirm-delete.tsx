import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

/**
 * A delete button that asks first, in a modal dialog naming what goes (never the browser's confirm()).
 * Cancel, Escape and the close button change nothing; the dialog closes as the delete starts (the list
 * shows it at once), and the caller announces a refusal.
 * TODO(lead): replace with the shared confirm dialog of components/ui once it is merged.
 */
export function ConfirmDelete({
  label,
  title,
  description,
  onConfirm,
}: {
  /** the trigger's accessible name, e.g. "Delete the task Print" */
  label: string;
  title: string;
  description: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button size="sm" variant="ghost" aria-label={label}>
          {t('console.deleteDialog.trigger')}
        </Button>
      }
    >
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">{t('common.cancel')}</Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          {t('console.deleteDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

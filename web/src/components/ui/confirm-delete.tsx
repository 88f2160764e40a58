import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A Delete button that asks first, in the one confirmation dialog, naming what goes. The dialog closes as
 * the delete starts (the list shows it at once, optimistically) and the caller announces a refusal.
 */
export function ConfirmDelete({
  label,
  title,
  description,
  onConfirm,
}: {
  /** the button's accessible name, e.g. "Delete the task Print" */
  label: string;
  title: string;
  description: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={label} onClick={() => setOpen(true)}>
        {t('console.deleteDialog.trigger')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={t('console.deleteDialog.confirm')}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}

import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the question, naming the object: "Delete “Salon 2027”?" */
  title: string;
  /** what happens and what goes with it, naming the object again */
  description: string;
  /** the action itself, never "OK": "Delete “Salon 2027”" */
  confirmLabel: string;
  onConfirm: () => void;
  /** the action runs: the confirm button shows it and nothing can be sent twice */
  busy?: boolean;
  /** the action failed: its message is announced in the dialog, which stays open */
  error?: unknown;
  tone?: 'danger' | 'primary';
  /** what the action asks beyond a click (an "I understand" checkbox for what cannot be undone) */
  children?: ReactNode;
  /** the confirm button waits for it (the checkbox above ticked) */
  confirmDisabled?: boolean;
};

/**
 * The one confirmation of a destructive or lasting action (never the browser's confirm()): a Radix dialog
 * (focus trapped, Escape and Cancel close it, focus goes back to the button that opened it) announced as
 * an alert dialog. Focus starts on Cancel, so a stray Enter changes nothing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  error,
  tone = 'danger',
  children,
  confirmDisabled = false,
}: Props) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title={title}
      description={description}
      role="alertdialog"
      initialFocus={cancel}
    >
      {children}
      <ErrorAlert error={error} />
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button ref={cancel} variant="secondary" disabled={busy}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button variant={tone} busy={busy} disabled={confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

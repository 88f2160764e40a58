import * as RadixDialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { type ReactNode, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// The scroll lock of a modal dialog injects a <style> element; the page's CSP allows it by the nonce the
// BFF put in the page (bff/src/static/spa.ts).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  trigger?: ReactNode;
  children: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation) */
  role?: 'dialog' | 'alertdialog';
  /** what takes the focus on opening, instead of the first focusable element */
  initialFocus?: RefObject<HTMLElement | null>;
};

/** Radix dialog: focus trap, Escape, return focus to the trigger, aria-modal and labelling. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  role,
  initialFocus,
}: Props) {
  const { t } = useTranslation();
  // opened without a Radix trigger (a controlled dialog), focus goes back where it was, not to the page
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog"
          // only when asked: an explicit undefined would erase Radix's own role="dialog"
          {...(role ? { role } : {})}
          onOpenAutoFocus={(event) => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (trigger || !returnTo.current?.isConnected) return;
            event.preventDefault();
            returnTo.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
              <span aria-hidden="true">{'×'}</span>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;

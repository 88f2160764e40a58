import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { ApiError } from '../../lib/api-error';
import { activateLocale, i18n } from '../../lib/i18n/i18n';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

beforeAll(() => activateLocale('en'));

function Harness({ onConfirm, error }: { onConfirm: () => void; error?: unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <Button onClick={() => setOpen(true)}>{'Delete…'}</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete “Salon 2027”?"
        description="“Salon 2027” will be deleted with its forms and registrations."
        confirmLabel="Delete “Salon 2027”"
        onConfirm={onConfirm}
        error={error}
      />
    </I18nextProvider>
  );
}

describe('ConfirmDialog', () => {
  it('names the object and the action, starts on Cancel and confirms by keyboard', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Salon 2027”?' });
    expect(dialog).toHaveAccessibleDescription(/with its forms and registrations/);
    expect(screen.getByRole('button', { name: en.common.cancel })).toHaveFocus();
    // a stray Enter on the focused Cancel changes nothing
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete “Salon 2027”' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('keeps the focus inside, closes on Escape and gives the focus back', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('announces a failure inside the dialog, which stays open', async () => {
    render(<Harness onConfirm={vi.fn()} error={new ApiError({ status: 403, code: 'errors.forbidden' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent(en.errors.forbidden);
  });
});

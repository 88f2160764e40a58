import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { json, mockApi, renderApp } from '../../../test/render-app';

const forms = {
  event: {
    id: 1,
    slug: 'sii',
    title: 'SII 2027',
    logo: null,
    languages: ['fr', 'en', 'ja'],
    startDate: '2027-03-01',
    endDate: '2027-03-03',
  },
  forms: [{ kind: 'participant', formId: null, title: null, open: true }],
};

const drafts = () => Object.keys(sessionStorage).filter((k) => k.startsWith('evt:registration'));

// issue 16: the kiosk form keeps nothing of a visitor in the tab, and the browser offers none of it
describe('visitor form in kiosk mode', () => {
  it('keeps no draft and asks for no autofill; the ordinary form keeps its draft', async () => {
    const user = userEvent.setup();
    for (const [path, kiosk] of [
      ['/en/events-sii/participant?kiosk=1', true],
      ['/en/events-sii/participant', false],
    ] as const) {
      sessionStorage.clear();
      mockApi(null, { 'GET /api/public/events/sii/forms': json(200, forms) });
      const { unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 2, name: en.forms.steps.personal });
      const email = screen.getByRole('textbox', { name: en.forms.fields.email.label });
      await user.type(screen.getByRole('textbox', { name: en.forms.fields.lastName.label }), 'Dupont');
      await user.type(email, 'marie@example.org');
      if (kiosk) {
        expect(email).toHaveAttribute('autocomplete', 'off');
        expect(email.closest('form')).toHaveAttribute('autocomplete', 'off');
        expect(screen.getByRole('button', { name: en.kiosk.leave })).toBeInTheDocument();
        expect(drafts()).toEqual([]);
      } else {
        expect(email).toHaveAttribute('autocomplete', 'email');
        expect(screen.queryByRole('button', { name: en.kiosk.leave })).toBeNull();
        await waitFor(() => expect(drafts()).toHaveLength(1));
      }
      unmount();
    }
  });
});

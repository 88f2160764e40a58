import { form as b2b } from '@evt/contracts/forms/b2b';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import { json, mockApi, renderApp } from '../../../test/render-app';
import { RegistrationForm } from './registration-form';

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

function open(path: string) {
  sessionStorage.clear();
  const { calls } = mockApi(null, { 'GET /api/public/events/sii/forms': json(200, forms) });
  const { unmount } = renderApp(path);
  return { calls, unmount };
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** The message announced for a field: its role=alert text, which the field also names as its description. */
function announcedError(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const message = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert');
  return message?.textContent ?? null;
}

describe('registration form steps', () => {
  it('keeps an invalid step, with each error localised, announced and on its field, then advances once valid', async () => {
    const user = userEvent.setup();
    open('/en/events-sii/participant');
    await stepHeading(en.forms.steps.personal);
    const lastName = screen.getByRole('textbox', { name: en.forms.fields.lastName.label });
    const phone = screen.getByRole('textbox', { name: en.forms.fields.phone.label });
    await user.type(phone, '06 12 a');

    await user.click(screen.getByRole('button', { name: en.forms.common.next }));
    await waitFor(() => expect(lastName).toHaveAttribute('aria-invalid', 'true'));
    expect(announcedError(lastName)).toBe(en.validation.required);
    expect(announcedError(phone)).toBe(en.validation.phoneDigits);
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(en.validation.countryCode);
    // not advanced, and the first invalid field has the focus
    expect(screen.getByRole('heading', { level: 2, name: en.forms.steps.personal })).toBeInTheDocument();
    expect(lastName).toHaveFocus();

    // a change clears that field's message at once
    await user.type(lastName, 'Dupont');
    expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
    expect(announcedError(lastName)).toBeNull();

    await user.type(screen.getByRole('textbox', { name: en.forms.fields.firstNames.label }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: en.forms.fields.email.label }), 'marie@example.org');
    await user.clear(phone);
    // spaces, dots and dashes are accepted: the number is stored as digits
    await user.type(phone, '6 12.34-56 78');
    // country and dial code options are built when the select is reached for
    const dial = screen.getByRole('combobox', { name: en.forms.fields.dialCode.label });
    await user.click(dial);
    // listed by region name in the page language: +1 is found under "United States" and "Canada"
    expect(dial.querySelector('option[value="CA"]')?.textContent).toBe('Canada (+1)');
    expect(dial.querySelector('option[value="US"]')?.textContent).toBe('United States (+1)');
    await user.selectOptions(dial, 'FR');
    expect(dial).toHaveValue('FR');
    const country = screen.getByRole('combobox', { name: en.forms.fields.countryOfResidence.label });
    await user.click(country);
    await user.selectOptions(country, 'FR');
    await user.click(screen.getByRole('button', { name: en.forms.common.next }));

    await stepHeading(en.forms.steps.professional);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    // Back shows the entries as they were
    await user.click(screen.getByRole('button', { name: en.forms.common.back }));
    await stepHeading(en.forms.steps.personal);
    expect(screen.getByRole('textbox', { name: en.forms.fields.lastName.label })).toHaveValue('Dupont');
    expect(screen.getByRole('combobox', { name: en.forms.fields.countryOfResidence.label })).toHaveValue(
      'FR',
    );
  });

  it("bounds each text by its schema's limit, and a text too long says that limit", async () => {
    const user = userEvent.setup();
    open('/en/events-sii/participant');
    await stepHeading(en.forms.steps.personal);
    const lastName = screen.getByRole('textbox', { name: en.forms.fields.lastName.label });
    expect(lastName).toHaveAttribute('maxlength', '100');
    expect(screen.getByRole('textbox', { name: en.forms.fields.firstNames.label })).toHaveAttribute(
      'maxlength',
      '150',
    );
    // the phone's 15 is a count of digits: typed with spaces and a dial code it is longer
    expect(screen.getByRole('textbox', { name: en.forms.fields.phone.label })).not.toHaveAttribute(
      'maxlength',
    );

    // a longer text than the input takes (a restored draft, a script): the message names the limit
    fireEvent.change(lastName, { target: { value: 'a'.repeat(101) } });
    await user.click(screen.getByRole('button', { name: en.forms.common.next }));
    await waitFor(() =>
      expect(announcedError(lastName)).toBe(en.validation.tooLongMax.replace('{{max}}', '100')),
    );
  });

  it('says it in the page language, and a choice group announces its error too', async () => {
    const user = userEvent.setup();
    open('/events-sii/participant');
    await stepHeading(fr.forms.steps.personal);
    await user.click(screen.getByRole('button', { name: fr.forms.common.next }));
    const lastName = screen.getByRole('textbox', { name: fr.forms.fields.lastName.label });
    await waitFor(() => expect(announcedError(lastName)).toBe(fr.validation.required));

    // a valid first step, then the next step's radio group left empty
    const values = {
      lastName: 'Dupont',
      firstNames: 'Marie',
      email: 'marie@example.org',
      dialCode: 'FR', // the dial select's options are regions: France (+33)
      phone: '612345678',
      countryOfResidence: 'FR',
    };
    for (const [name, value] of Object.entries(values))
      if (name !== 'dialCode' && name !== 'countryOfResidence')
        await user.type(
          screen.getByRole('textbox', { name: fr.forms.fields[name as 'lastName'].label }),
          value,
        );
    for (const name of ['dialCode', 'countryOfResidence'] as const) {
      const select = screen.getByRole('combobox', { name: fr.forms.fields[name].label });
      await user.click(select);
      await user.selectOptions(select, values[name]);
    }
    await user.click(screen.getByRole('button', { name: fr.forms.common.next }));
    await stepHeading(fr.forms.steps.professional);
    await user.click(screen.getByRole('button', { name: fr.forms.common.next }));
    const group = await screen.findByRole('group', {
      name: new RegExp(fr.forms.fields.participantType.label),
    });
    await waitFor(() => expect(within(group).getByRole('alert')).toHaveTextContent(fr.validation.required));
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2, name: fr.forms.steps.professional })).toBeInTheDocument();
  });
});

describe('the B2B form’s own texts (spec sections 5 and 8)', () => {
  // its public route is the B2B issue's: the form is drawn alone here
  async function openB2b() {
    sessionStorage.clear();
    await activateLocale('en');
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <RegistrationForm
              form={b2b}
              eventSlug="sii"
              privacy={{ eventTitle: 'SII' }}
              onClosed={() => {}}
            />
          ),
        },
      ],
      { initialEntries: ['/en/events-sii/b2b'] },
    );
    render(<RouterProvider router={router} />);
    await stepHeading(en.forms.steps.companyRepresentative);
  }

  it('says "This field is required" and "Invalid email." without the shared wording, and asks for every required field', async () => {
    const user = userEvent.setup();
    await openB2b();
    const email = screen.getByRole('textbox', { name: en.forms.fields.email.label });
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: en.forms.common.next }));
    const companyName = screen.getByRole('textbox', { name: en.forms.fields.companyName.label });
    await waitFor(() => expect(announcedError(companyName)).toBe('This field is required'));
    expect(announcedError(email)).toBe('Invalid email.');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(
      'Please fill in all required fields (*)',
    );
  });

  it('lists the position under the spec’s function categories', async () => {
    await openB2b();
    const position = screen.getByRole('combobox', { name: en.forms.fields.position.label });
    expect([...position.querySelectorAll('optgroup')].map((group) => group.label)).toEqual([
      en.enums.functionCategories.general_management,
      en.enums.functionCategories.administrative_financial,
      en.enums.functionCategories.sales_marketing,
    ]);
    expect(within(position).getByRole('option', { name: en.enums.functions.ceo })).toBeInTheDocument();
  });

  it('keeps the shared wording on the other forms', async () => {
    const user = userEvent.setup();
    open('/en/events-sii/participant');
    await stepHeading(en.forms.steps.personal);
    await user.click(screen.getByRole('button', { name: en.forms.common.next }));
    const lastName = screen.getByRole('textbox', { name: en.forms.fields.lastName.label });
    await waitFor(() => expect(announcedError(lastName)).toBe('This field is required.'));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(
      'Please fill in all required fields (*)',
    );
  });
});

describe('submitted pages (spec section 8)', () => {
  it.each([
    ['b2b', en.registration.submitted.b2b, true],
    ['receptionist', en.registration.submitted.form, true],
    ['particapant', en.registration.submitted.title, false],
  ])('/submitted/%s says "%s", and whether it will contact the visitor', async (page, title, contact) => {
    mockApi(null);
    renderApp(`/en/events-sii/submitted/${page}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(!!screen.queryByText(en.registration.submitted.contact)).toBe(contact);
  });
});

const drafts = () => Object.keys(sessionStorage).filter((k) => k.startsWith('evt:registration'));

// The kiosk form keeps nothing of a visitor in the tab, and the browser offers none of it
describe('visitor form in kiosk mode', () => {
  it('keeps no draft and asks for no autofill; the ordinary form keeps its draft', async () => {
    const user = userEvent.setup();
    for (const [path, kiosk] of [
      ['/en/events-sii/participant?kiosk=1', true],
      ['/en/events-sii/participant', false],
    ] as const) {
      const { unmount } = open(path);
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

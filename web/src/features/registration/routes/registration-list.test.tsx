import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTRATION_LIST_PAGES } from '@evt/contracts/forms/kinds';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { form, metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const row = (id: number, kind: string, telegram?: boolean) => ({
  id,
  eventId: 3,
  kind,
  status: 'confirmed',
  lastName: `Name${id}`,
  firstNames: 'Awa',
  email: `p${id}@example.org`,
  locale: 'fr',
  createdAt: '2027-03-01T10:00:00.000Z',
  confirmedAt: '2027-03-02T10:00:00.000Z',
  data: (telegram === undefined ? {} : { telegramNotifications: telegram }) as Record<string, unknown>,
  files: [],
});

const api = (rows: ReturnType<typeof row>[]) =>
  mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: rows.length }),
    'GET /api/automation/eventForms': json(200, { data: [] }),
    'GET /api/events/3/registrations': json(200, {
      data: rows,
      page: 1,
      limit: 20,
      total: rows.length,
      erased: 2,
    }),
  });

/** The cell of `header`'s column on the row of `name`. */
function cell(header: string, name: string) {
  const table = screen.getByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const line = within(table).getByRole('cell', { name }).closest('tr') as HTMLElement;
  return within(line).getAllByRole('cell')[headers.findIndex((h) => h.startsWith(header))]?.textContent;
}

describe('the registration list: the Telegram preference', () => {
  it('shows it as a localised yes or no on the pages of the forms that ask for it, no when not stored', async () => {
    api([row(1, 'participant', true), row(2, 'participant', false), row(3, 'participant_5km')]);
    renderApp('/en/events/participants-3');
    await screen.findByRole('cell', { name: 'Name1' });
    expect(
      screen.getByRole('columnheader', { name: en.registrationsAdmin.columns.telegram }),
    ).toBeInTheDocument();
    expect(cell(en.registrationsAdmin.columns.telegram, 'Name1')).toBe(en.registrationsAdmin.telegram.yes);
    expect(cell(en.registrationsAdmin.columns.telegram, 'Name2')).toBe(en.registrationsAdmin.telegram.no);
    // a variant of the form (same question), its answer not stored (an erased registration): no
    expect(cell(en.registrationsAdmin.columns.telegram, 'Name3')).toBe(en.registrationsAdmin.telegram.no);
  });

  it('is in the page’s language', async () => {
    api([row(1, 'participant', true)]);
    renderApp('/jp/events/participants-3');
    await screen.findByRole('cell', { name: 'Name1' });
    expect(cell(ja.registrationsAdmin.columns.telegram, 'Name1')).toBe(ja.registrationsAdmin.telegram.yes);
  });

  it('has no column on the pages of forms that do not ask', async () => {
    api([row(4, 'exhibitor')]);
    renderApp('/en/events/exposants-3');
    await screen.findByRole('cell', { name: 'Name4' });
    expect(screen.queryByRole('columnheader', { name: en.registrationsAdmin.columns.telegram })).toBeNull();
  });
});

describe('the registration list: B2B companies', () => {
  const company = (id: number, companyName: string, profileType: string) => ({
    ...row(id, 'b2b'),
    lastName: `Rep ${id}`,
    firstNames: '',
    data: { companyName, profileType, fullName: `Rep ${id}` },
  });

  it('lists each company by its name and profile, its representative under that header', async () => {
    api([company(7, 'Atlas Industries', 'buyer'), company(8, 'Kobe Robotics', 'supplier')]);
    renderApp('/en/events/b2b_companies-3');
    await screen.findByRole('heading', { level: 1, name: en.registrationsAdmin.pages.b2b_companies });
    await screen.findByRole('cell', { name: 'Atlas Industries' });
    const representative = en.registrationsAdmin.columns.representative;
    expect(screen.getByRole('columnheader', { name: representative })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: en.registrationsAdmin.columns.firstNames })).toBeNull();
    expect(cell(en.forms.fields.profileType.label, 'Atlas Industries')).toBe(en.enums.b2bProfileTypes.buyer);
    expect(cell(representative, 'Kobe Robotics')).toBe('Rep 8');
  });

  it('is in the page’s language', async () => {
    api([company(9, '神戸ロボティクス', 'investor')]);
    renderApp('/jp/events/b2b_companies-3');
    await screen.findByRole('cell', { name: '神戸ロボティクス' });
    expect(cell(ja.forms.fields.profileType.label, '神戸ロボティクス')).toBe(
      ja.enums.b2bProfileTypes.investor,
    );
  });
});

describe('the registration list: filters and erased registrations', () => {
  it('offers only the forms the event has, and says how many erased registrations are left out', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/automation/enrolmentMetrics': metrics({ participant: 1 }),
      'GET /api/automation/eventForms': json(200, {
        data: [form(1, 'participant', 'participant'), form(2, 'participant-fipdc', 'participant-fipdc')],
      }),
      'GET /api/events/3/registrations': json(200, {
        data: [row(1, 'participant')],
        page: 1,
        limit: 20,
        total: 1,
        erased: 2,
      }),
    });
    renderApp('/en/events/participants-3');
    await screen.findByRole('cell', { name: 'Name1' });
    const filter = screen.getByRole('combobox', { name: en.registrationsAdmin.columns.kind });
    await expect.poll(() => within(filter).getAllByRole('option').length).toBe(3);
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'participant', 'participant_fipdc']);
    expect(
      screen.getByText(en.registrationsAdmin.erasedLeftOut_other.replace('{{count}}', '2'), { exact: false }),
    ).toBeInTheDocument();
  });
});

const exportState = (status: string, rowsDone: number, rowsTotal = 1) => ({
  id: 9,
  eventId: 3,
  format: 'csv',
  status,
  rowsDone,
  rowsTotal,
  createdAt: '2027-03-01T10:00:00.000Z',
  finishedAt: null,
  expiresAt: '2027-03-02T10:00:00.000Z',
});

/** The list of one exhibitor, and an export of it whose state is `status` (and the caller's recent ones). */
const exportApi = (status: ReturnType<typeof exportState>, recent: ReturnType<typeof exportState>[] = []) =>
  mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ exhibitor: 1 }),
    'GET /api/automation/eventForms': json(200, { data: [] }),
    'GET /api/events/3/registrations': json(200, {
      data: [row(4, 'exhibitor')],
      page: 1,
      limit: 20,
      total: 1,
      erased: 0,
    }),
    'POST /api/events/3/registration-exports': json(202, exportState('queued', 0, 500)),
    'GET /api/events/3/registration-exports/9': json(200, status),
    'GET /api/events/3/registration-exports': json(200, { data: recent }),
  });

describe('the registration list: the export', () => {
  it("asks the server for an export with the list's filters, then links to the file once written", async () => {
    const user = userEvent.setup();
    const { calls } = exportApi(exportState('done', 1));
    renderApp('/en/events/exposants-3?q=Name4');
    await screen.findByRole('cell', { name: 'Name4' });
    await user.click(screen.getByRole('button', { name: en.registrationsAdmin.exportCsv }));
    const link = await screen.findByRole('link', {
      name: en.console.export.download.replace('{{format}}', 'CSV'),
    });
    expect(link).toHaveAttribute('href', '/api/events/3/registration-exports/9/file');
    expect(link.getAttribute('download')).toMatch(/\.csv$/);
    expect(screen.getByRole('status')).toHaveTextContent(en.console.export.ready.replace('{{total}}', '1'));
    const started = calls.filter(
      (c) => c.path === '/api/events/3/registration-exports' && c.method !== 'GET',
    );
    // a request that writes (the audit log): a POST with the CSRF header, never a GET
    expect(started.map((c) => c.method)).toEqual(['POST']);
    expect(started[0]?.headers.get('x-requested-with')).toBe('evt-spa');
    // the kinds as a JSON list: every form of the page, as the list shows them; the page's language and clock
    expect(started[0]?.body).toEqual({
      kind: [...REGISTRATION_LIST_PAGES.exposants],
      q: 'Name4',
      sort: '-createdAt',
      format: 'csv',
      locale: 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  }, 20_000);
});

describe("the registration list: the organiser's recent exports", () => {
  it('lists the files asked for in the last day, a finished one as a link, one under way with its count', async () => {
    const user = userEvent.setup();
    exportApi(exportState('done', 1), [
      { ...exportState('running', 120, 500), id: 11, format: 'xlsx' },
      exportState('done', 42),
    ]);
    renderApp('/en/events/exposants-3');
    await screen.findByRole('cell', { name: 'Name4' });
    await user.click(await screen.findByText(en.console.export.recent));
    const link = screen.getByRole('link', { name: /CSV.*42/ });
    expect(link).toHaveAttribute('href', '/api/events/3/registration-exports/9/file');
    expect(screen.getByText(/XLSX.*120.*500/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /XLSX/ })).toBeNull();
  }, 20_000);
});

describe('the registration list: an export under way', () => {
  it('shows its progress in a labelled bar and in words, the buttons off until it ends', async () => {
    const user = userEvent.setup();
    exportApi(exportState('running', 200, 500));
    renderApp('/en/events/exposants-3');
    await screen.findByRole('cell', { name: 'Name4' });
    await user.click(screen.getByRole('button', { name: en.registrationsAdmin.exportExcel }));
    const bar = await screen.findByRole('progressbar', { name: en.console.export.progressLabel });
    await waitFor(() => expect(bar).toHaveAttribute('value', '200'));
    expect(bar).toHaveAttribute('max', '500');
    expect(screen.getByRole('status')).toHaveTextContent(
      en.console.export.progress.replace('{{done}}', '200').replace('{{total}}', '500'),
    );
    expect(screen.getByRole('button', { name: en.registrationsAdmin.exportCsv })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /CSV|XLSX/ })).toBeNull();
  }, 20_000);

  it('says so when the server could not write it', async () => {
    const user = userEvent.setup();
    exportApi(exportState('failed', 0, 500));
    renderApp('/en/events/exposants-3');
    await screen.findByRole('cell', { name: 'Name4' });
    await user.click(screen.getByRole('button', { name: en.registrationsAdmin.exportCsv }));
    expect(await screen.findByText(en.console.export.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.registrationsAdmin.exportCsv })).toBeEnabled();
  }, 20_000);
});

describe('the registration list: its pages', () => {
  it('goes to the next page by the cursor the server gave, and back by number to the first', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/automation/enrolmentMetrics': metrics({ participant: 45 }),
      'GET /api/automation/eventForms': json(200, { data: [] }),
      'GET /api/events/3/registrations': json(200, {
        data: [row(1, 'participant')],
        page: 1,
        limit: 20,
        total: 45,
        erased: 0,
        nextCursor: 'c-next',
        prevCursor: null,
      }),
    });
    renderApp('/en/events/participants-3');
    await screen.findByRole('cell', { name: 'Name1' });
    await user.click(screen.getByRole('button', { name: en.registrationsAdmin.next }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/events/3/registrations' && c.query.get('after') === 'c-next'),
      ).toBe(true),
    );
    const next = calls.findLast((c) => c.path === '/api/events/3/registrations');
    expect(next?.query.get('page')).toBe('2');
    await screen.findByText(en.registrationsAdmin.pageOf.replace('{{page}}', '2').replace('{{pages}}', '3'));
    await user.click(screen.getByRole('button', { name: en.registrationsAdmin.previous }));
    // the first page by its number (already read), never by a cursor
    await screen.findByText(en.registrationsAdmin.pageOf.replace('{{page}}', '1').replace('{{pages}}', '3'));
    expect(calls.some((c) => c.query.get('before') !== null)).toBe(false);
  }, 20_000);
});

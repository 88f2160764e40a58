import { DEFAULT_PROGRAMME_SETTINGS } from '@evt/contracts/b2b';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { programmeView } from '../test/programme-view';
import { ProgrammeSettingsForm } from './programme-settings-form';

const s = en.b2b.programme.settings;
const settings = {
  ...DEFAULT_PROGRAMME_SETTINGS,
  days: ['2027-03-10'],
  tables: ['Stand B1', 'Stand B2, hall 2'],
  companyCaps: [{ companyId: 5, requestCap: 0 }],
  onlineLinkNote: 'Hall A desk',
};
const PUT = 'PUT /api/events/7/b2b/settings';
const n = (text: string, value: number) => text.replace('{{n}}', String(value));

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProgrammeSettingsForm eventId={7} settings={settings} />
    </QueryClientProvider>,
  );
/** a date or time picker set as a browser sets it (user-event does not type into them) */
const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saved = (calls: { method: string; body: unknown }[]) => calls.find((c) => c.method === 'PUT')?.body;

beforeEach(() => activateLocale('en'));
afterEach(() => activateLocale('en'));

describe('the programme settings form', () => {
  it('adds a day after the last one, removes one, sets the hours, and saves the contract’s shape', async () => {
    const { calls } = mockApi(null, { [PUT]: json(200, programmeView({ settings })) });
    renderForm();
    const first = screen.getByLabelText(n(s.day, 1));
    expect(first).toHaveAttribute('type', 'date');
    expect(first).toHaveValue('2027-03-10');
    await userEvent.click(screen.getByRole('button', { name: s.addDay }));
    await userEvent.click(screen.getByRole('button', { name: s.addDay }));
    // each new day proposes the one after the last
    expect(screen.getByLabelText(n(s.day, 3))).toHaveValue('2027-03-12');
    await userEvent.click(screen.getByRole('button', { name: n(s.removeDay, 2) }));
    expect(screen.queryByLabelText(n(s.day, 3))).toBeNull();
    pick(n(s.day, 2), '2027-03-15');
    expect(screen.getByLabelText(s.dayStart)).toHaveAttribute('type', 'time');
    pick(s.dayStart, '08:30');
    pick(s.dayEnd, '18:00');
    await userEvent.click(screen.getByRole('button', { name: s.addBreak }));
    pick(n(s.breakStart, 2), '16:00');
    pick(n(s.breakEnd, 2), '16:15');
    const quota = screen.getByLabelText(s.meetingQuota);
    await userEvent.clear(quota);
    await userEvent.type(quota, '6');
    await userEvent.click(screen.getByRole('button', { name: s.save }));
    expect(await screen.findByText(s.saved)).toBeInTheDocument();
    expect(saved(calls)).toEqual({
      ...settings,
      days: ['2027-03-10', '2027-03-15'],
      dayStart: '08:30',
      dayEnd: '18:00',
      breaks: [
        { start: '12:00', end: '13:30' },
        { start: '16:00', end: '16:15' },
      ],
      meetingQuota: 6,
    });
  });

  it('reads the tables one per line, commas included', async () => {
    const { calls } = mockApi(null, { [PUT]: json(200, programmeView({ settings })) });
    renderForm();
    const tables = screen.getByLabelText(s.tables);
    expect(tables).toHaveValue('Stand B1\nStand B2, hall 2');
    await userEvent.type(tables, '\n\n  Stand B3  ');
    await userEvent.click(screen.getByRole('button', { name: s.save }));
    expect(await screen.findByText(s.saved)).toBeInTheDocument();
    expect((saved(calls) as typeof settings).tables).toEqual(['Stand B1', 'Stand B2, hall 2', 'Stand B3']);
  });

  it('bounds the numbers as the contract does', () => {
    mockApi(null);
    renderForm();
    const slot = screen.getByLabelText(s.slotMinutes);
    expect(slot).toHaveAttribute('type', 'number');
    expect(slot).toHaveAttribute('min', '10');
    expect(slot).toHaveAttribute('max', '120');
    expect(screen.getByLabelText(s.requestCap)).toHaveAttribute('max', '200');
    expect(screen.getByLabelText(s.meetingQuota)).toHaveAttribute('max', '100');
  });

  it('announces a day that ends before it starts on its field (fr), and sends nothing', async () => {
    await activateLocale('fr');
    const { calls } = mockApi(null, { [PUT]: json(200, programmeView({ settings })) });
    renderForm();
    const f = fr.b2b.programme.settings;
    pick(f.dayStart, '17:00');
    pick(f.dayEnd, '09:00');
    await userEvent.click(screen.getByRole('button', { name: f.save }));
    const alert = await screen.findByText(fr.validation.timeOrder);
    expect(alert).toHaveAttribute('role', 'alert');
    const end = screen.getByLabelText(f.dayEnd);
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end.getAttribute('aria-describedby')).toContain(alert.id);
    expect(saved(calls)).toBeUndefined();
  });

  it('asks for at least one day, and marks a break that ends before it starts', async () => {
    const { calls } = mockApi(null, { [PUT]: json(200, programmeView({ settings })) });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: n(s.removeDay, 1) }));
    pick(n(s.breakEnd, 1), '11:00');
    await userEvent.click(screen.getByRole('button', { name: s.save }));
    const days = await screen.findByText(en.validation.atLeastOne);
    expect(days).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('group', { name: s.days })).toHaveAttribute('aria-describedby', days.id);
    expect(screen.getByText(en.validation.timeOrder)).toHaveAttribute('role', 'alert');
    expect(saved(calls)).toBeUndefined();
  });

  it('marks an emptied day picker as invalid', async () => {
    mockApi(null, { [PUT]: json(200, programmeView({ settings })) });
    renderForm();
    pick(n(s.day, 1), '');
    await userEvent.click(screen.getByRole('button', { name: s.save }));
    expect(await screen.findByText(en.validation.invalidInput)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(n(s.day, 1))).toHaveAttribute('aria-invalid', 'true');
  });
});

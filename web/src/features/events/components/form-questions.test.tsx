import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { form, metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const q = en.console.eventForms.questions;
const MEAL = {
  id: 41,
  type: 'choice',
  required: true,
  label: { fr: 'Repas', en: 'Meal' },
  options: [
    { code: 'o1', label: { fr: 'Végétarien', en: 'Vegetarian' } },
    { code: 'o2', label: { fr: 'Viande', en: 'Meat' } },
  ],
  retired: false,
};
const RETIRED = { ...MEAL, id: 40, label: { fr: 'Ancienne', en: 'Old question' }, retired: true };

function api() {
  let questions: unknown[] = [RETIRED, MEAL];
  const sent: unknown[] = [];
  mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 4 }),
    'GET /api/automation/eventForms': () =>
      json(200, { data: [{ ...form(11, 'participant', 'Visitors', true, 4), questions }] }),
    'POST /api/automation/eventForms': ({ body }) => {
      sent.push(body);
      const list = (body as { questions: { id?: number }[] }).questions;
      questions = list.map((question, index) => ({
        id: question.id ?? 50 + index,
        retired: false,
        ...question,
      }));
      return json(200, { ...form(11, 'participant', 'Visitors', true, 4), questions });
    },
  });
  return { sent };
}

describe("a form's custom questions on the forms page", () => {
  it('lists the active questions only, keeps a saved question’s type, and saves the whole list in order', async () => {
    const { sent } = api();
    renderApp('/en/events/forms-3');
    const visitors = await screen.findByRole('listitem', { name: 'Visitors' });
    await userEvent.click(within(visitors).getByRole('button', { name: q.show.replace('{{count}}', '1') }));
    const list = await screen.findByRole('list', { name: q.listLabel.replace('{{title}}', 'Visitors') });
    expect(within(list).getByText('Meal')).toBeInTheDocument();
    expect(within(list).queryByText('Old question')).toBeNull();

    // editing: the type is shown, not offered; the labels in both of the event's languages are required
    await userEvent.click(within(list).getByRole('button', { name: q.edit }));
    const editor = screen.getByRole('form', { name: q.edit });
    expect(within(editor).queryByLabelText(q.type)).toBeNull();
    const english = within(editor).getByLabelText(q.label.replace('{{language}}', 'English'));
    await userEvent.clear(english);
    await userEvent.click(within(editor).getByRole('button', { name: q.save }));
    expect(await within(editor).findByText(en.validation.required)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(english, 'Meals');
    await userEvent.click(within(editor).getByRole('button', { name: q.save }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      id: 11,
      questions: [{ id: 41, type: 'choice', required: true, label: { fr: 'Repas', en: 'Meals' } }],
    });
    expect((sent[0] as { questions: unknown[] }).questions).toHaveLength(1);
  });

  it('refuses a choice with fewer than two options before sending it', async () => {
    const { sent } = api();
    renderApp('/en/events/forms-3');
    const visitors = await screen.findByRole('listitem', { name: 'Visitors' });
    await userEvent.click(within(visitors).getByRole('button', { name: q.show.replace('{{count}}', '1') }));
    await userEvent.click(await screen.findByRole('button', { name: q.add }));
    const editor = screen.getByRole('form', { name: q.add });
    await userEvent.selectOptions(within(editor).getByLabelText(q.type), 'choice');
    for (const language of ['French', 'English'])
      await userEvent.type(within(editor).getByLabelText(q.label.replace('{{language}}', language)), 'Meal');
    await userEvent.click(within(editor).getByRole('button', { name: q.save }));
    expect(await within(editor).findByText(en.validation.optionsTooFew)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

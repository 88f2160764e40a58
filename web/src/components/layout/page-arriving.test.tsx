import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import { organizationKeys } from '../../lib/queries/organization';
import { fixtures, json, mockApi, renderApp } from '../../test/render-app';

describe("the console's main landmark", () => {
  it('is busy until the page has its first answers, and not while data already shown is read again', async () => {
    let answer: (response: Response) => void = () => undefined;
    const organisations = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = mockApi(fixtures.session());
    const plain = fetchMock.getMockImplementation() as NonNullable<
      ReturnType<typeof fetchMock.getMockImplementation>
    >;
    let asked = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/api/organizations')
        return plain(input, init);
      asked += 1;
      // the first call answers when the test says so; a later one never does
      return asked === 1 ? (await organisations).clone() : new Promise<Response>(() => undefined);
    });
    const { container, queryClient } = renderApp('/en/home');
    const main = () => container.querySelector('main') as HTMLElement;
    await waitFor(() => expect(main().getAttribute('aria-busy')).toBe('true'));

    answer(json(200, { data: [fixtures.organization()] }));
    await screen.findByText('Salon 1');
    await waitFor(() => expect(main().hasAttribute('aria-busy')).toBe(false));

    // a refetch of what is on the page already does not make it busy again
    void queryClient.refetchQueries({ queryKey: organizationKeys.list() });
    await waitFor(() => expect(asked).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(main().hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.home.title);
  });
});

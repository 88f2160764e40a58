import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsUpdate } from './search-params';

let update: ReturnType<typeof useSearchParamsUpdate>[1];

function Probe() {
  const [params, set] = useSearchParamsUpdate();
  update = set;
  return <output>{params.toString() || 'empty'}</output>;
}

function show(entry: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('changing part of the address’s query', () => {
  it('keeps every change made before the page rendered again', async () => {
    const router = show('/directory?view=directory');
    await act(async () => {
      // one act: no render between the two changes, as on a busy machine
      update((next) => next.set('q', 'acme'), { replace: true });
      update((next) => next.set('revenue', '2m_10m'), { replace: true });
    });
    expect(await screen.findByText('view=directory&q=acme&revenue=2m_10m')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('starts again from the address after a Back', async () => {
    const router = show('/list?kind=visitor');
    await act(async () => update((next) => next.set('page', '2')));
    expect(await screen.findByText('kind=visitor&page=2')).toBeInTheDocument();
    await act(async () => router.navigate(-1));
    expect(await screen.findByText('kind=visitor')).toBeInTheDocument();
    await act(async () => update((next) => next.set('sort', 'name')));
    expect(await screen.findByText('kind=visitor&sort=name')).toBeInTheDocument();
  });

  it('starts from the address when a link was followed before a change showed', async () => {
    const router = show('/list?kind=visitor');
    await act(async () => {
      update((next) => next.set('page', '2'));
      await router.navigate('/list?kind=exhibitor');
    });
    expect(await screen.findByText('kind=exhibitor')).toBeInTheDocument();
    await act(async () => update((next) => next.set('sort', 'name')));
    expect(await screen.findByText('kind=exhibitor&sort=name')).toBeInTheDocument();
  });
});

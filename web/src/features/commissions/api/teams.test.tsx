import { type Task, task } from '@evt/contracts/upstream-teams';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/render-app';
import { teamKeys, useToggleTaskMutation } from './teams';

const open: Task = task.parse({
  id: 9,
  projectId: 2,
  teamId: 1,
  eventId: 3,
  title: 'Imprimer',
  description: '',
  priority: 'high',
  completed: false,
  dueDate: null,
  members: [],
  createdAt: '2026-01-05T10:00:00.000Z',
});

function setup(answer: (method: string) => Response | Promise<Response>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(teamKeys.tasks(3), [open]);
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => Promise.resolve(answer(init?.method ?? 'GET'))),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useToggleTaskMutation(3), { wrapper });
  const completed = () => client.getQueryData<Task[]>(teamKeys.tasks(3))?.[0]?.completed;
  return { result, completed };
}

afterEach(() => vi.unstubAllGlobals());

describe('task completion toggle', () => {
  it('flips at once, before the server answers, and keeps the server state', async () => {
    let release: (r: Response) => void = () => {};
    const { result, completed } = setup((method) =>
      method === 'PUT'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : json(200, { data: [{ ...open, completed: true }] }),
    );
    act(() => result.current.mutate(9));
    await waitFor(() => expect(completed()).toBe(true));
    act(() => release(json(200, { ...open, completed: true })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(completed()).toBe(true);
  });

  it('rolls back when the server refuses', async () => {
    const { result, completed } = setup((method) =>
      method === 'PUT'
        ? json(403, { error: { code: 'errors.forbidden', message: 'forbidden' } })
        : // the re-read fails too: only the rollback can bring the box back
          json(502, { error: { code: 'errors.generic', message: 'down' } }),
    );
    act(() => result.current.mutate(9));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(completed()).toBe(false);
  });
});

import type { EventDocument } from '@evt/contracts/upstream-automation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../test/render-app';
import { useDeleteDocumentMutation, useRenameDocumentMutation } from './document-edits';
import { consoleKeys } from './event-console';

const plan: EventDocument = {
  id: 4,
  filename: 'plan.pdf',
  contentType: 'application/pdf',
  size: 2048,
  createdAt: '2026-01-05T10:00:00.000Z',
};

function setup(write: () => Response | Promise<Response>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(consoleKeys.documents(3), [plan]);
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) =>
      // the re-read after the write fails too: only the rollback can restore the list
      Promise.resolve(init?.method && init.method !== 'GET' ? write() : errorResponse(502, 'errors.generic')),
    ),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const listed = () => client.getQueryData<EventDocument[]>(consoleKeys.documents(3));
  return { wrapper, listed };
}

afterEach(() => vi.unstubAllGlobals());

describe('document edits', () => {
  it('removes the document at once and puts it back when the delete is refused', async () => {
    let refuse: (r: Response) => void = () => {};
    const { wrapper, listed } = setup(
      () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    );
    const { result } = renderHook(() => useDeleteDocumentMutation(3), { wrapper });
    act(() => result.current.mutate(4));
    await waitFor(() => expect(listed()).toEqual([]));
    act(() => refuse(errorResponse(403, 'errors.forbidden')));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(listed()).toEqual([plan]);
  });

  it('shows the new name at once and the old one again when the rename is refused', async () => {
    let refuse: (r: Response) => void = () => {};
    const { wrapper, listed } = setup(
      () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    );
    const { result } = renderHook(() => useRenameDocumentMutation(3), { wrapper });
    act(() => result.current.mutate({ documentId: 4, filename: 'plan final' }));
    await waitFor(() => expect(listed()?.[0]?.filename).toBe('plan final'));
    act(() => refuse(json(500, { error: { code: 'errors.generic', message: 'down' } })));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(listed()?.[0]?.filename).toBe('plan.pdf');
  });
});

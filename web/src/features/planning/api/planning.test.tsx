import type { PlanningBoard, PlanningSession } from '@evt/contracts/planning';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/render-app';
import { planningKeys, usePlanningBoard, useSaveSessionMutation } from './planning';

const saved: PlanningSession = {
  id: 9,
  eventId: 3,
  title: 'Keynote',
  day: '2026-12-01',
  start: '10:00',
  end: '10:45',
  room: 'A',
  speakers: [],
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const board: PlanningBoard = { eventId: 3, sessions: [], panelists: [] };

afterEach(() => vi.unstubAllGlobals());

describe('saving a session', () => {
  it('is done once the board shows the saved session, without waiting for the board to be read again', async () => {
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return Promise.resolve(json(201, saved));
        reads += 1;
        // the first read answers; the re-read after the save hangs, as on a slow upstream
        return reads === 1 ? Promise.resolve(json(200, board)) : new Promise<Response>(() => {});
      }),
    );
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ board: usePlanningBoard(3), save: useSaveSessionMutation(3) }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.board.isSuccess).toBe(true));
    const done = vi.fn();
    act(() =>
      result.current.save.mutate(
        { id: null, body: { title: 'Keynote', day: '2026-12-01', start: '10:00', end: '10:45', room: 'A' } },
        { onSuccess: done },
      ),
    );
    // the caller (the form, which clears itself) hears of the save while the re-read is still under way
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(result.current.save.isPending).toBe(false);
    expect(reads).toBe(2);
    expect(client.getQueryData<PlanningBoard>(planningKeys.board(3))?.sessions).toEqual([saved]);
  });
});

// @vitest-environment node
import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { describe, expect, it, vi } from 'vitest';
import { createEventFormsCache } from './event-forms';

const forms = { event: { slug: 'e' }, forms: [] } as unknown as PublicEventForms;

describe('the event forms cache', () => {
  it('asks once while a request is on its way or its answer is fresh', async () => {
    const fetcher = vi.fn().mockResolvedValue(forms);
    const cache = createEventFormsCache(fetcher);
    expect(cache.peek('e').isPending).toBe(true);
    await Promise.all([cache.load('e'), cache.load('e')]);
    await cache.load('e');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.peek('e')).toMatchObject({ data: forms, isPending: false, isError: false });
  });

  it('serves the seeded answer without asking', async () => {
    const fetcher = vi.fn();
    const cache = createEventFormsCache(fetcher);
    cache.seed('e', forms);
    await expect(cache.load('e')).resolves.toBe(forms);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('keeps a failure for the page to show, and asks again on the next load', async () => {
    const failure = new Error('down');
    const fetcher = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(forms);
    const cache = createEventFormsCache(fetcher);
    const listener = vi.fn();
    cache.subscribe(listener);
    await expect(cache.load('e')).rejects.toBe(failure);
    expect(cache.peek('e')).toMatchObject({ isError: true, error: failure, isPending: false });
    await expect(cache.load('e')).resolves.toBe(forms);
    expect(cache.peek('e')).toMatchObject({ data: forms, isError: false });
    expect(listener).toHaveBeenCalled();
  });
});

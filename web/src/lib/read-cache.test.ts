import { describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache';

describe('a read cache', () => {
  it('asks again on each load when nothing is kept fresh, showing the last answer meanwhile', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const cache = createReadCache(fetcher);
    await cache.load('k');
    const again = cache.load('k');
    expect(cache.peek('k')).toMatchObject({ data: 'first', isPending: false });
    await expect(again).resolves.toBe('second');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks once for two loads at the same time, and refresh asks even while fresh', async () => {
    const fetcher = vi.fn().mockResolvedValue('answer');
    const cache = createReadCache(fetcher, { freshMs: 60_000 });
    await Promise.all([cache.load('k'), cache.load('k')]);
    await cache.load('k');
    expect(fetcher).toHaveBeenCalledTimes(1);
    await cache.refresh('k');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keys reads by what keyOf says, so equal arguments share one answer', async () => {
    const fetcher = vi.fn(async (args: { id: number }) => args.id * 2);
    const cache = createReadCache(fetcher, { keyOf: (args) => String(args.id), freshMs: 60_000 });
    await cache.load({ id: 2 });
    await cache.load({ id: 2 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.peek({ id: 2 }).data).toBe(4);
    expect(cache.peek({ id: 3 }).isPending).toBe(true);
  });

  it('an answer that arrives after a newer request does not overwrite it', async () => {
    let release: (value: string) => void = () => {};
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    const fetcher = vi.fn().mockReturnValueOnce(slow).mockResolvedValueOnce('new');
    const cache = createReadCache(fetcher);
    const first = cache.load('k');
    await cache.refresh('k');
    release('old');
    await first;
    expect(cache.peek('k').data).toBe('new');
  });
});

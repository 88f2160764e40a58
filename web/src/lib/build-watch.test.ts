import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNewBuildDeployed } from './build-watch';
import { reloadOnce } from './reload-once';

describe('reloadOnce', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/en/home', reload });
  });
  afterEach(() => sessionStorage.clear());

  it('reloads at most once per 10 seconds per path', () => {
    expect(reloadOnce(100_000)).toBe(true);
    expect(reloadOnce(105_000)).toBe(false);
    expect(reloadOnce(110_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('isNewBuildDeployed', () => {
  it('compares the manifest id with the running build and asks with a timestamp', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ id: 'b2', timestamp: 1 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await isNewBuildDeployed('b1')).toBe(true);
    expect(await isNewBuildDeployed('b2')).toBe(false);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
  });

  it('ignores an unreachable or malformed manifest', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    expect(await isNewBuildDeployed('b1')).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await isNewBuildDeployed('b1')).toBe(false);
  });
});

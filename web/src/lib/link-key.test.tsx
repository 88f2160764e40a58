import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLinkKey, type KeyKeeping, useLinkKey } from './link-key';

const withoutKey = (pathname: string) => pathname.replace(/-[0-9a-f]{6}$/, '');

function Probe({ fromAddress, keeping }: { fromAddress: string | null; keeping: KeyKeeping }) {
  return <output>{useLinkKey('probe', fromAddress, withoutKey, keeping) ?? 'none'}</output>;
}

function show(entry: string, fromAddress: string | null, keeping: KeyKeeping = 'tab') {
  const router = createMemoryRouter(
    [{ path: '*', element: <Probe fromAddress={fromAddress} keeping={keeping} /> }],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const address = (router: ReturnType<typeof show>) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('a mailed link’s key', () => {
  it('is read from the fragment, kept for the tab, and leaves the address', async () => {
    const router = show('/en/events-forum/b2b-4?view=agenda#key=abc123', null);
    expect(await screen.findByText('abc123')).toBeInTheDocument();
    await waitFor(() => expect(address(router)).toBe('/en/events-forum/b2b-4?view=agenda'));
    expect(Object.values(sessionStorage)).toEqual(['abc123']);
  });

  it('is moved out of the path of a link mailed before (and out of a `code` query)', async () => {
    const router = show('/en/events-forum/b2b-4-c0ffee?code=c0ffee&view=agenda', 'c0ffee');
    expect(await screen.findByText('c0ffee')).toBeInTheDocument();
    await waitFor(() => expect(address(router)).toBe('/en/events-forum/b2b-4?view=agenda'));
  });

  it('is found again after a reload of the clean address, and is absent for a fresh tab', async () => {
    sessionStorage.setItem('linkKey:probe', 'kept42');
    const router = show('/en/events-forum/b2b-4', null);
    expect(await screen.findByText('kept42')).toBeInTheDocument();
    expect(address(router)).toBe('/en/events-forum/b2b-4');
    sessionStorage.clear();
    show('/en/events-forum/b2b-4', null);
    expect(await screen.findByText('none')).toBeInTheDocument();
  });

  it('is kept on the device by an installed page, for a new tab, until it is forgotten there', async () => {
    const router = show('/en/events-fair/exhibitor-4#key=stand77', null, 'device');
    expect(await screen.findByText('stand77')).toBeInTheDocument();
    await waitFor(() => expect(address(router)).toBe('/en/events-fair/exhibitor-4'));
    expect(Object.values(sessionStorage)).toEqual([]);
    // a new tab (the home screen's icon): the key is on the device
    show('/en/events-fair/exhibitor-4', null, 'device');
    expect(await screen.findAllByText('stand77')).toHaveLength(2);
    forgetLinkKey('probe');
    expect(Object.values(localStorage)).toEqual([]);
    show('/en/events-fair/exhibitor-4', null, 'device');
    expect(await screen.findByText('none')).toBeInTheDocument();
  });
});

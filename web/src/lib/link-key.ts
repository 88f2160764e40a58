import { LINK_KEY_FRAGMENT } from '@evt/contracts/visitor-pages';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/*
 * A personal link's key (a B2B company's space, an information request, an invitation). Mails carry it
 * in the address's fragment (`#key=…`), which a browser never sends to a server, nor writes in a Referer:
 * no proxy or access log sees it. Links mailed before carry it in the path (or an invitation's `?code=`):
 * the server saw those once (its logs replace the key), and the page moves the key out of the address at
 * once. The page keeps the key for the tab (sessionStorage: a reload or the page's own views keep
 * working) and sends it in a header, never in an API address. A page a device installs (an exhibitor's
 * stand) keeps it on the device instead (localStorage: opened from the home screen, or after the phone
 * restarted, it works without the mail), until the person forgets it there (`forgetLinkKey`).
 */

/** Where a page keeps its link's key: for the tab, or on the device (an installed page). */
export type KeyKeeping = 'tab' | 'device';

const storageKey = (scope: string) => `linkKey:${scope}`;

function fragmentKey(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(LINK_KEY_FRAGMENT);
}

const storageOf = (keeping: KeyKeeping) => (keeping === 'device' ? localStorage : sessionStorage);

function stored(scope: string, keeping: KeyKeeping): string | null {
  try {
    return storageOf(keeping).getItem(storageKey(scope));
  } catch {
    return null;
  }
}

function keep(scope: string, key: string, keeping: KeyKeeping) {
  try {
    storageOf(keeping).setItem(storageKey(scope), key);
  } catch {
    // storage refused (private mode): the key lives as long as the page
  }
}

/** Drops the key kept for `scope`, from the tab and the device: the page needs the mailed link again. */
export function forgetLinkKey(scope: string): void {
  for (const keeping of ['tab', 'device'] as const) {
    try {
      storageOf(keeping).removeItem(storageKey(scope));
    } catch {
      // storage refused: nothing was kept
    }
  }
}

/**
 * The link's key for `scope`: the address's fragment, else `fromAddress` (the older links' path segment or
 * query), else the one kept for this tab (or on this device, `keeping`). When the address held it, the address is replaced by the page's
 * own without the key (`clean` of its path; its other query parameters kept).
 */
export function useLinkKey(
  scope: string,
  fromAddress: string | null,
  clean: (pathname: string) => string,
  keeping: KeyKeeping = 'tab',
): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const cleanPath = clean(location.pathname);
  const inAddress = fragmentKey(location.hash) ?? fromAddress;
  const [key, setKey] = useState(() => inAddress ?? stored(scope, keeping));
  useEffect(() => {
    if (inAddress === null) return;
    keep(scope, inAddress, keeping);
    setKey(inAddress);
    const search = new URLSearchParams(location.search);
    search.delete('code');
    const query = search.toString();
    navigate(`${cleanPath}${query ? `?${query}` : ''}`, { replace: true });
  }, [inAddress, scope, keeping, cleanPath, location.search, navigate]);
  return inAddress ?? key;
}

import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/** The CSP of every answer: the Vite build has no inline script or style. */
function directives(secure: boolean): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    ...(secure ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The CSP of an SPA page (index.html, visitor.html): the same, and one style element allowed by a nonce
 * fresh for each page, which the page reads from its `csp-nonce` meta (the scroll lock of modal dialogs
 * injects one at run time). Scripts stay 'self' only.
 */
export function documentCsp(secure: boolean, nonce: string): string {
  const all = directives(secure);
  all.styleSrc = [...(all.styleSrc ?? []), `'nonce-${nonce}'`];
  return Object.entries(all)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

/**
 * Powerful browser features the product does not use, denied to every document (and so to any script
 * that would get onto a page). The camera is allowed to the product's own origin on the pages that scan
 * (contracts/src/camera-pages.ts) and denied everywhere else. Only features Chromium knows: an unknown
 * one is a console warning.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
].map((feature) => `${feature}=()`);

const policy = (camera: '()' | '(self)') => [`camera=${camera}`, ...DENIED_FEATURES].join(', ');
const PERMISSIONS_POLICY = policy('()');
/** The policy of a page that scans (its document only; the BFF's answers keep the camera denied). */
export const SCANNING_PAGE_PERMISSIONS_POLICY = policy('(self)');

export function securityMiddleware(secure: boolean): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(secure) },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    // helmet 8 has no Permissions-Policy
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

/**
 * The BFF's own /api answers (session, sign-in, selection, public routes, errors) carry a user's state:
 * no browser or shared cache keeps them. Proxied answers are written by forward(), which keeps the
 * upstream's Cache-Control (it knows what its data allows) and says no-store when there is none.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'no-store');
  next();
};

/**
 * helmet's headers computed once as a flat [name, value, ...] list, for the proxy fast path that answers
 * without Express: the same headers, without running the middleware per request.
 */
export function precomputeSecurityHeaders(secure: boolean): string[] {
  const headers: string[] = [];
  const fake = {
    setHeader(name: string, value: string | number | string[]) {
      headers.push(name.toLowerCase(), String(value));
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  securityMiddleware(secure)({} as never, fake as never, () => {});
  return headers;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
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

export function securityMiddleware(secure: boolean) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(secure) },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}

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
  securityMiddleware(secure)({} as IncomingMessage, fake, () => {});
  return headers;
}

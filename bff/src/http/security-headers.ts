import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The CSP of the SPA: the Vite build has no inline script or style, so nothing needs a nonce or hash. */
export function securityMiddleware(secure: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
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

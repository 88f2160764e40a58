import type { GoogleTimings } from './google-transport';

/** Where Google is (or the local emulator standing in for it), and this BFF's OAuth client there. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  /** Calendar API root (`https://www.googleapis.com/`) */
  apiRootUrl: string;
  /** true when the local emulator stands in for Google: the pages say it is a demo */
  demo: boolean;
  /** the call timeout and the request deadline (GOOGLE_TIMINGS unless a test shortens them) */
  timings?: GoogleTimings;
}

export const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  userinfoUrl: 'https://www.googleapis.com/oauth2/v2/userinfo',
  apiRootUrl: 'https://www.googleapis.com/',
};

/** The emulator's endpoints below its base address (upstream/src/google-emulator). */
export function emulatorEndpoints(base: string) {
  return {
    authUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    userinfoUrl: `${base}/oauth2/v2/userinfo`,
    apiRootUrl: `${base}/`,
  };
}

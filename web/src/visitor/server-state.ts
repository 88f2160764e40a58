import type { PublicEventForms } from '@evt/contracts/public-registrations';

/**
 * What the server rendered a visitor's form page from, embedded in the page for its hydration as a JSON
 * block (`<script type="application/json">` is data, not script: the strict CSP allows it), as
 * react-i18next's server-rendering guide does for the messages.
 */
export interface VisitorServerState {
  slug: string;
  forms: PublicEventForms;
  /** the page language's messages (the visitor's sections): the page needs no request for them */
  messages: Record<string, unknown>;
}

export const VISITOR_STATE_ID = 'visitor-state';

/** The JSON block, safe inside an HTML script element (no `<` to end it early). */
export const visitorStateBlock = (state: VisitorServerState): string =>
  `<script type="application/json" id="${VISITOR_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

/** The embedded state when the server drew this page, else null (the browser renders it). */
export function readVisitorState(): VisitorServerState | null {
  const text = document.getElementById(VISITOR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as VisitorServerState;
  } catch {
    return null;
  }
}

/**
 * An id in a URL: a positive integer of at most ten digits, no sign, no leading zero (as the BFF accepts).
 * One pattern for every reader of a URL: the visitor's pages (visitor-pages.ts) and the web's route ids
 * (web/src/lib/route-id.ts).
 */
export const ROUTE_ID = /^[1-9]\d{0,9}$/;

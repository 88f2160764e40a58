/**
 * Request ids of the BFF's own background calls to the upstream (the mailing and badge scans, reminders,
 * retention, B2B links, the broken-Google-connection mail): `jobs-<kind>-<pid>-<n>`. One prefix for all of them, so the upstream's logs (and
 * the multi-instance test) tell them from the calls made for a browser, which carry that request's id.
 */
export function backgroundRequestIds(kind: string): () => string {
  let count = 0;
  return () => `jobs-${kind}-${process.pid}-${++count}`;
}

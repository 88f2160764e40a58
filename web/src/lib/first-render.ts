import { useEffect, useState } from 'react';

let firstRenderDone = false;

/**
 * A page whose HTML the server rendered complete (the visitor's form, web/src/visitor/server.tsx) renders
 * complete from the start, on the server and at hydration alike, so that both draw the same tree.
 */
export function markFirstRenderDone(): void {
  firstRenderDone = true;
}

/**
 * A new page starts again with its first render: for tests, which open many pages in one module graph
 * (web/src/test/setup.ts), where a browser would load the module again.
 */
export function forgetFirstRender(): void {
  firstRenderDone = false;
}

/**
 * False during the page's very first render, then true: what lies below the fold (the rest of a form, the
 * footer) renders one task later, after the first paint. The first render of a visitor form was a single
 * task of 50-90 ms on this machine, four times that on a mid-range phone, and a tap waits for the whole
 * task; in two, it waits about half as long. Only what appears below the rendered part may wait, so
 * nothing on screen moves. Anything mounted after the first render renders complete at once.
 */
export function useFirstRenderDone(): boolean {
  const [done, setDone] = useState(firstRenderDone);
  useEffect(() => {
    if (done) return;
    firstRenderDone = true;
    setDone(true);
  }, [done]);
  return done;
}

/**
 * The visitor's form page comes drawn by the server (web/src/visitor/server.tsx) and the browser hydrates
 * it. Until then the visitor may already type: the fields keep that text (React leaves a hydrated field's
 * value alone), and react-hook-form reads it from them when it registers them (registration-form.tsx).
 */
let serverRendered = false;

/** Said by the visitor entry before it hydrates the server's form (web/src/visitor/boot.tsx). */
export function markServerRenderedForm(): void {
  serverRendered = true;
}

/** Whether the form about to render is the server's, being hydrated (true until it has hydrated). */
export const isServerRenderedForm = (): boolean => serverRendered;

/** The form has hydrated: any later form (another kind, a return visit) renders in the browser. */
export function serverRenderedFormHydrated(): void {
  serverRendered = false;
}

import type { FormDefinition } from '@evt/contracts/forms/define';
import { type WidgetHints, widgetOf } from './widgets';

/**
 * The visitor's form page comes drawn by the server (web/src/visitor/server.tsx) and the browser hydrates
 * it. Until then the visitor may already type: the fields keep that text (React leaves a hydrated field's
 * value alone), and the form takes it into its state once hydrated.
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

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What the visitor entered in the server's form before its script ran: the fields' current values, read
 * from the page (the server drew them empty, so only what differs from empty is kept). Files need the
 * script (they are uploaded on choice), so they are not read.
 */
export function enteredValues(
  element: HTMLFormElement,
  form: FormDefinition,
  fields: readonly string[],
  hints?: WidgetHints,
): Record<string, unknown> {
  const entered: Record<string, unknown> = {};
  for (const name of fields) {
    const widget = widgetOf(form, name, hints);
    const controls = [...element.querySelectorAll<Field>(`[name="${CSS.escape(name)}"]`)];
    const first = controls[0];
    if (!first || widget.type === 'file') continue;
    const checked = controls.filter((control) => control instanceof HTMLInputElement && control.checked);
    if (widget.type === 'checkbox') {
      if (checked.length) entered[name] = true;
    } else if (widget.type === 'checkboxes') {
      if (checked.length) entered[name] = checked.map((control) => control.value);
    } else if (widget.type === 'radio') {
      if (checked[0]) entered[name] = checked[0].value;
    } else if (first.value) entered[name] = first.value;
  }
  return entered;
}

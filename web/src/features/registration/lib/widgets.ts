import type { ChoiceWidget, Widget } from '@evt/contracts/forms/define';
import type { InputHTMLAttributes } from 'react';

/**
 * How a field's declared widget (contracts/src/forms: `field(schema, widget)`) is drawn. The form
 * definitions say which widget each field has; this only turns that into controls and texts.
 */
export type { Widget };

export { optionLabel } from '@evt/contracts/forms/field-text';

/** A select's entries in order: each heading with its options (an `<optgroup>`), then the options under none. */
export function selectEntries(
  widget: ChoiceWidget,
): (string | { heading: string; labels: string; options: readonly string[] })[] {
  const groups = widget.groups;
  if (!groups) return [...widget.options];
  const grouped = new Set(Object.values(groups.members).flat());
  return [
    ...Object.entries(groups.members).map(([heading, options]) => ({
      heading,
      labels: groups.labels,
      options,
    })),
    ...widget.options.filter((code) => !grouped.has(code)),
  ];
}

/** The attributes of the one-line inputs: their type, keyboard and autofill. */
export const INPUTS: Partial<Record<Widget['type'], InputHTMLAttributes<HTMLInputElement>>> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  // the phone keypad, not the digits one: it has the `+`, brackets and spaces the phone field accepts
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  url: { type: 'url' },
  date: { type: 'date' },
  // a text box, not type=number: no spinner, no wheel changing the count, and `1 200` can be typed
  count: { type: 'text', inputMode: 'numeric' },
};

/**
 * Widgets drawn as controlled components: their options are built on demand (country, dial code) or their
 * value is an upload token. The others are plain fields registered with react-hook-form.
 */
export const isControlled = (widget: Widget): boolean =>
  widget.type === 'dial' || widget.type === 'country' || widget.type === 'file';

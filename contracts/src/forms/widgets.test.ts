import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GENDERS, SECTORS } from '../constants';
import { msg, requiredText } from '../validation';
import { defineForm, emptyValue, field, radio, select, type Widget } from './define';
import { ENUM_GROUPS } from './enums';
import { oneOf, someOf } from './fields';
import { REGISTRATION_FORMS } from './registry';

const TOKEN = `upl_${'a'.repeat(43)}`;
/** A value each plain widget gives that its field's schema must accept. */
const SAMPLE: Partial<Record<Widget['type'], unknown>> = {
  email: 'ada@example.org',
  tel: '612345678',
  url: 'https://example.org',
  date: '2000-01-01',
  dial: '+33',
  country: 'FR',
  checkbox: true,
};
const ALL_ENUM_VALUES = [...new Set(Object.values(ENUM_GROUPS).flat())];

const fieldsOf = Object.entries(REGISTRATION_FORMS).flatMap(([kind, form]) =>
  Object.entries(form.widgets).map(([name, widget]) => ({
    label: `${kind}.${name} (${widget.type})`,
    form,
    name,
    widget: widget as Widget,
    schema: (form.schema.shape as Record<string, z.ZodType>)[name]!,
  })),
);

describe('declared widgets', () => {
  it('declares one widget per field of every form, and none for a non-field', () => {
    for (const form of Object.values(REGISTRATION_FORMS)) {
      expect(Object.keys(form.widgets).sort()).toEqual(Object.keys(form.schema.shape).sort());
      expect(Object.keys(form.required).sort()).toEqual(Object.keys(form.schema.shape).sort());
    }
  });

  it.each(fieldsOf)('$label suits its schema', ({ form, name, widget, schema }) => {
    const empty = emptyValue(widget);
    const emptyResult = schema.safeParse(empty);
    // the empty value has the schema's input type: refused, if at all, as missing, never as the wrong type
    if (!emptyResult.success)
      expect(emptyResult.error.issues.map((i) => i.message)).not.toContain(msg.invalidInput);
    expect(form.required[name as keyof typeof form.required]).toBe(!emptyResult.success);

    if (widget.type === 'select' || widget.type === 'radio' || widget.type === 'checkboxes') {
      const many = widget.type === 'checkboxes';
      const wrap = (value: string) => (many ? [value] : value);
      if (typeof widget.labels === 'object' && 'enum' in widget.labels)
        expect(widget.options).toEqual(ENUM_GROUPS[widget.labels.enum]);
      // the options are exactly the values the schema accepts
      for (const option of widget.options) expect(schema.safeParse(wrap(option)).success, option).toBe(true);
      for (const other of [...ALL_ENUM_VALUES, 'not-a-code'].filter((v) => !widget.options.includes(v)))
        expect(schema.safeParse(wrap(other)).success, other).toBe(false);
      if (many) expect(schema.safeParse([...widget.options]).success).toBe(true);
      // headings group options of the list only, each option under one heading at most
      if (widget.groups) {
        expect(widget.type).toBe('select');
        const grouped = Object.values(widget.groups.members).flat();
        expect(new Set(grouped).size).toBe(grouped.length);
        for (const code of grouped) expect(widget.options).toContain(code);
        expect(Object.keys(widget.groups.members)).toEqual(ENUM_GROUPS[widget.groups.labels]);
      }
    } else if (widget.type === 'file') {
      const file = form.files.find((f) => f.name === name);
      expect(file).toEqual({ name, required: form.required[name as never], ...widget, type: undefined });
      expect(schema.safeParse(widget.maxCount > 1 ? [TOKEN] : TOKEN).success).toBe(true);
      expect(Array.isArray(empty)).toBe(widget.maxCount > 1);
    } else if (widget.type in SAMPLE) {
      expect(schema.safeParse(SAMPLE[widget.type]).success).toBe(true);
    } else {
      expect(typeof empty).toBe('string');
    }
  });

  it('lists as files exactly the fields drawn as uploads', () => {
    for (const form of Object.values(REGISTRATION_FORMS)) {
      const uploads = Object.entries(form.widgets).filter(([, w]) => w.type === 'file');
      expect(form.files.map((f) => f.name)).toEqual(uploads.map(([name]) => name));
    }
  });

  it('refuses, at compile time, a widget that does not suit its field, or a step naming no field', () => {
    // @ts-expect-error the options are sectors, the field's values genders
    field(oneOf(GENDERS), select('sectors', SECTORS));
    // @ts-expect-error a single box holds a boolean, not text
    field(requiredText(10), 'checkbox');
    // @ts-expect-error several choices need boxes, not buttons
    field(someOf(SECTORS), radio('sectors', SECTORS));
    // @ts-expect-error the values are another enumeration's than the labels'
    select('sectors', GENDERS);
    // @ts-expect-error a field needs its widget
    field(requiredText(10));
    expect(() =>
      defineForm({
        kind: 'x',
        slug: 'x',
        fields: { a: field(requiredText(10), 'text') },
        // @ts-expect-error `b` is not a field of this form
        steps: [{ id: 's', fields: ['a', 'b'] }],
      }),
    ).toThrow();
  });
});

describe("a text field's maxlength", () => {
  it('is the max of the schema the form validates with, so the typed text never outgrows it', () => {
    const participant = REGISTRATION_FORMS.participant;
    expect(participant.maxLengths.lastName).toBe(100);
    expect(participant.maxLengths.email).toBe(254);
    // a phone's limit is on its digits, once the separators people type are gone
    expect(participant.maxLengths.phone).toBeUndefined();
    expect(participant.maxLengths.dialCode).toBeUndefined();
    for (const { label, form, name, widget, schema } of fieldsOf) {
      const max = (form.maxLengths as Record<string, number | undefined>)[name];
      // every one-line text has one; a list typed in a box (delegation e-mails) is bounded once parsed
      if (widget.type === 'text') expect(max, label).toBeTypeOf('number');
      if (max === undefined) continue;
      const issues = (value: string) => {
        const result = schema.safeParse(value);
        return result.success ? [] : result.error.issues.map((issue) => issue.message);
      };
      expect(issues('a'.repeat(max)), label).not.toContain(msg.tooLong);
      // one more is refused: as too long for a text, as no longer an address for an e-mail or a URL
      expect(issues('a'.repeat(max + 1)).length, label).toBeGreaterThan(0);
    }
  });
});

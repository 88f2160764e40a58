/** Test support: the property tests every form runs (valid entries pass; each rule broken alone fails alone). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../validation';
import { type FieldSpec, T } from './arbitraries';
import { LEAD_CONSENT_FIELD, PRIVACY_CONSENT_FIELD } from './consent';
import type { FormDefinition } from './define';

type Entry = Record<string, unknown>;
export interface CrossBreak {
  label: string;
  field: string;
  key: string;
  /** returns the broken entry, or undefined when this valid entry cannot be broken that way */
  mutate: (valid: Entry) => Entry | undefined;
}

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(value);
  return result.success ? null : fieldErrors(result.error);
}

const pick = (entry: Entry, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => f in entry).map((f) => [f, entry[f]]));

export function checkForm(
  form: FormDefinition,
  specs: Record<string, FieldSpec>,
  options: { fix?: (entry: Entry) => Entry; cross?: CrossBreak[] } = {},
) {
  // every form ends with the exhibitors' and the privacy consent boxes (defineForm adds them): each form's
  // tests check them
  specs = { ...specs, [LEAD_CONSENT_FIELD]: T.flag(), [PRIVACY_CONSENT_FIELD]: T.privacyConsent() };
  const fix = options.fix ?? ((entry: Entry) => entry);
  const arbs = Object.fromEntries(Object.entries(specs).map(([field, spec]) => [field, spec.arb]));
  const valid = fc.record(arbs).map((entry) => fix(entry as Entry));
  const stepOf = (field: string) => form.steps.find((step) => step.fields.includes(field));

  describe(`form ${form.kind}`, () => {
    it('has a spec for every field and nothing else', () => {
      expect(Object.keys(specs).sort()).toEqual(Object.keys(form.schema.shape).sort());
    });

    it('accepts generated valid entries, whole and step by step', () => {
      fc.assert(
        fc.property(valid, (entry) => {
          expect(errorsOf(form.schema, entry)).toBeNull();
          for (const step of form.steps) expect(errorsOf(step.schema, pick(entry, step.fields))).toBeNull();
        }),
        { numRuns: 150 },
      );
    });

    it('reads its own parsed output back unchanged (the BFF forwards parsed values, the upstream parses again)', () => {
      fc.assert(
        fc.property(valid, (entry) => {
          const once = form.schema.parse(entry);
          const again = form.schema.safeParse(JSON.parse(JSON.stringify(once)));
          expect(again.success && again.data).toEqual(once);
        }),
        { numRuns: 60 },
      );
    });

    const breaks = [
      ...Object.entries(specs).flatMap(([field, spec]) =>
        spec.breaks.map((b) => ({
          label: `${field}: ${b.label}`,
          field,
          key: b.key,
          mutate: (entry: Entry): Entry | undefined => ({ ...entry, [field]: b.value }),
        })),
      ),
      ...(options.cross ?? []).map((c) => ({ ...c, label: `${c.field}: ${c.label}` })),
    ];
    it.each(breaks)('$label fails with $key on that field only', ({ field, key, mutate }) => {
      const step = stepOf(field);
      expect(step, `field ${field} belongs to a step`).toBeDefined();
      let applied = 0;
      fc.assert(
        fc.property(valid, (entry) => {
          const broken = mutate(entry);
          if (!broken) return;
          applied += 1;
          expect(errorsOf(form.schema, broken)).toEqual({ [field]: [key] });
          for (const other of form.steps) {
            const expected = other === step ? { [field]: [key] } : null;
            expect(errorsOf(other.schema, pick(broken, other.fields))).toEqual(expected);
          }
        }),
        { numRuns: 40 },
      );
      expect(applied, 'the break applied to some generated entries').toBeGreaterThan(0);
    });
  });
}

import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };
import { fieldErrors } from '../validation';
import { ENUM_GROUPS } from './enums';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from './fields';
import { FORM_SLUGS, REGISTRATION_KINDS, REGISTRATION_LIST_PAGES } from './kinds';
import { fileFieldFor, REGISTRATION_FORMS, registrationBodyFor } from './registry';

const forms = Object.values(REGISTRATION_FORMS);

describe('registration forms registry', () => {
  it('has one form per kind, under its own kind', () => {
    expect(Object.keys(REGISTRATION_FORMS).sort()).toEqual([...REGISTRATION_KINDS].sort());
    for (const [kind, form] of Object.entries(REGISTRATION_FORMS)) {
      expect(form.kind).toBe(kind);
      expect(form.slug).toBe(FORM_SLUGS[form.kind]);
    }
  });

  it('puts every kind on exactly one organiser list page', () => {
    const listed = Object.values(REGISTRATION_LIST_PAGES).flat();
    expect([...listed].sort()).toEqual([...REGISTRATION_KINDS].sort());
  });

  it('uses the spec’s route segments, and form-sipen only for sipen and 5km', () => {
    expect(REGISTRATION_FORMS.participant_fipdc.slug).toBe('participant-fipdc');
    expect(REGISTRATION_FORMS.press_agent.slug).toBe('agent_presse');
    expect(forms.filter((f) => f.layout === 'form-sipen').map((f) => f.kind)).toEqual([
      'participant_sipen',
      'participant_5km',
    ]);
  });

  it('gives the spec’s step counts to the multi-step forms', () => {
    expect(REGISTRATION_FORMS.b2b.steps.map((s) => s.id)).toEqual([
      'companyRepresentative',
      'directory',
      'activity',
      'offers',
    ]);
    expect(REGISTRATION_FORMS.participant.steps.map((s) => s.id)).toEqual([
      'personal',
      'professional',
      'preferences',
    ]);
    expect(REGISTRATION_FORMS.sponsor.steps).toHaveLength(2);
    expect(REGISTRATION_FORMS.receptionist.steps).toHaveLength(3);
  });

  it('declares file fields that exist in the schema, within the upload route’s limits', () => {
    for (const form of forms) {
      for (const file of form.files) {
        expect(Object.keys(form.schema.shape), `${form.kind}.${file.name}`).toContain(file.name);
        expect(file.maxBytes).toBeLessThanOrEqual(UPLOAD_MAX_BYTES);
        for (const type of file.types) expect(UPLOAD_TYPES).toContain(type);
        expect(fileFieldFor(form.kind, file.name)).toBe(file);
      }
    }
    expect(fileFieldFor('participant', 'logo')).toBeUndefined();
    expect(UPLOAD_TYPES).not.toContain('image/svg+xml');
  });

  it('wraps a kind’s schema in the public envelope', () => {
    const body = registrationBodyFor('panelist');
    const data = {
      lastName: 'Tanaka',
      firstNames: 'Yui',
      email: 'yui@example.jp',
      position: 'CTO',
      dialCode: '+81',
      phone: '9012345678',
      privacyConsent: true,
    };
    // the exhibitors' box, not ticked, reads as a refusal
    expect(body.parse({ locale: 'ja', data }).data).toEqual({ ...data, shareWithExhibitors: false });
    expect(body.safeParse({ locale: 'ja', data: { ...data, phone: '' } }).success).toBe(false);
    expect(body.safeParse({ locale: 'de', data }).success).toBe(false);
  });

  it('ends every form with the required privacy consent box, refused unticked with its own message', () => {
    for (const form of forms) {
      expect(form.steps.at(-1)?.fields.at(-1), form.kind).toBe('privacyConsent');
      expect(form.widgets.privacyConsent).toEqual({ type: 'checkbox' });
      expect(form.required.privacyConsent).toBe(true);
      for (const value of [false, undefined, 'true', 1]) {
        const result = form.schema.safeParse({ privacyConsent: value });
        expect(result.success).toBe(false);
        expect(fieldErrors(result.error!).privacyConsent).toEqual(['privacy.validation.consentRequired']);
      }
    }
  });

  it('asks every form, just before the privacy box, whether exhibitors may receive the visitor’s details', () => {
    for (const form of forms) {
      expect(form.steps.at(-1)?.fields.at(-2), form.kind).toBe('shareWithExhibitors');
      expect(form.widgets.shareWithExhibitors).toEqual({ type: 'checkbox' });
      expect(form.required.shareWithExhibitors).toBe(false);
      expect(form.schema.shape.shareWithExhibitors.parse(undefined)).toBe(false);
      expect(form.schema.shape.shareWithExhibitors.safeParse('yes').success).toBe(false);
    }
  });
});

describe('form labels', () => {
  const locales = { fr, en, ja } as unknown as Record<
    string,
    Record<string, Record<string, Record<string, unknown>>>
  >;

  it.each(Object.keys(locales))('%s labels every kind, step, field and enum value', (code) => {
    const tree = locales[code]!;
    const missing: string[] = [];
    const need = (ok: boolean, key: string) => ok || missing.push(key);
    for (const form of forms) {
      need(
        typeof (tree.forms?.kinds?.[form.kind] as { title?: string })?.title === 'string',
        `kinds.${form.kind}`,
      );
      for (const step of form.steps) {
        need(typeof tree.forms?.steps?.[step.id] === 'string', `steps.${step.id}`);
        for (const field of step.fields) {
          need(
            typeof (tree.forms?.fields?.[field] as { label?: string })?.label === 'string',
            `fields.${field}`,
          );
        }
      }
    }
    for (const [group, values] of Object.entries(ENUM_GROUPS)) {
      for (const value of values)
        need(typeof tree.enums?.[group]?.[value] === 'string', `enums.${group}.${value}`);
    }
    expect(missing).toEqual([]);
  });
});

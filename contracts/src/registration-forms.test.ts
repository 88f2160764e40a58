import { describe, expect, it } from 'vitest';
import { customQuestion } from './forms/questions';
import { kindOfFormCode, kindsOfFormCodes, publicFormsOf, questionsOfKind } from './registration-forms';

const form = (id: number, kind: string, open = true) => ({ id, kind, title: ` ${kind} `, open });

describe("an event's public forms", () => {
  it('reads kinds and the spec slugs, and leaves unknown codes out', () => {
    expect(kindOfFormCode('exposant')).toBe('exhibitor');
    expect(kindOfFormCode('exhibitor_legacy')).toBe('exhibitor_legacy');
    expect(kindOfFormCode('agent_presse')).toBe('press_agent');
    expect(kindOfFormCode('nothing')).toBeUndefined();
    expect(publicFormsOf([form(1, 'participant'), form(2, 'nothing')])).toEqual([
      { kind: 'participant', formId: 1, title: 'participant', titles: {}, open: true, questions: [] },
    ]);
  });

  it("gives the kinds an event's forms take, named by kind or by the spec's slug", () => {
    // a form coded by its kind (as the automation writes participant_fipdc) and one by its slug
    expect(kindsOfFormCodes(['participant_fipdc', 'exposant'])).toEqual([
      'participant_fipdc',
      'exhibitor',
      'exhibitor_legacy',
    ]);
    expect(kindsOfFormCodes(['participant-fipdc', 'nothing'])).toEqual(['participant_fipdc']);
  });

  it('keeps only the titles written in other languages', () => {
    expect(
      publicFormsOf([{ ...form(1, 'participant'), titles: { en: 'Visitors', ja: '  ' } }])[0]?.titles,
    ).toEqual({ en: 'Visitors' });
  });

  it('keeps one form per kind: the one named by its kind wins over the slug, else the first', () => {
    // the reference data names the exhibitor form `exposant`; the organiser later closed `exhibitor`
    expect(publicFormsOf([form(5, 'exposant'), form(11, 'exhibitor', false)])).toEqual([
      { kind: 'exhibitor', formId: 11, title: 'exhibitor', titles: {}, open: false, questions: [] },
    ]);
    expect(publicFormsOf([form(11, 'exhibitor', false), form(5, 'exposant')])).toMatchObject([
      { formId: 11, open: false },
    ]);
    expect(publicFormsOf([form(1, 'exposant'), form(2, 'exposant', false)])).toMatchObject([
      { formId: 1, open: true },
    ]);
    expect(publicFormsOf([form(1, 'exhibitor'), form(2, 'exhibitor', false)])).toMatchObject([
      { formId: 1, open: true },
    ]);
  });

  it("offers visitors a form's active questions only; the console reads the retired ones' answers too", () => {
    const asked = customQuestion.parse({ id: 1, type: 'yesNo', label: { en: 'Gala?' } });
    const retired = customQuestion.parse({ id: 2, type: 'text', label: { en: 'Old' }, retired: true });
    const forms = [{ ...form(3, 'exposant'), questions: [asked, retired] }];
    expect(publicFormsOf(forms)[0]?.questions).toEqual([asked]);
    expect(questionsOfKind(forms, 'exhibitor')).toEqual([asked, retired]);
    expect(questionsOfKind(forms, 'participant')).toEqual([]);
  });
});

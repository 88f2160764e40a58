import { errorCode } from '@evt/contracts/errors';
import { FORM_WORDING } from '@evt/contracts/forms/define';
import {
  badgeMsg,
  infoRequestMsg,
  meetingMsg,
  planningMsg,
  questionMsg,
  privacyMsg,
} from '@evt/contracts/feature-messages';
import { msg } from '@evt/contracts/validation';
import type { ParseKeys } from 'i18next';
import type en from '../../../../locales/en.json';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${PluralSuffix}` ? Base : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every message of locales/, typed from the English file: the keys of texts only (not of sections), plural
 * forms by their base key. t() itself takes only keys of the English file (web/src/i18next.d.ts).
 */
export type MessageKey = Leaves<Messages> & ParseKeys;

/** The messages' shape, for keys whose parts are names (static pages and their sections). */
export type Messages = typeof en;

/**
 * The contracts' codes are message keys: the server's error codes and the schemas' validation messages.
 * Typed as message keys, so a code added to the contracts without its message fails `npm run typecheck`.
 */
const CONTRACT_KEYS: ReadonlySet<string> = new Set<MessageKey>([
  ...Object.values(errorCode),
  ...Object.values(msg),
  ...Object.values(meetingMsg),
  ...Object.values(planningMsg),
  ...Object.values(infoRequestMsg),
  ...Object.values(FORM_WORDING),
  ...Object.values(badgeMsg),
  ...Object.values(questionMsg),
  ...Object.values(privacyMsg),
]);

/**
 * A key that arrived as data (an error code from the server, a schema's message): one of the contracts'
 * codes, else `fallback`, so an unknown code shows a sentence instead of a raw key.
 */
export function contractKey(key: string | undefined, fallback: MessageKey): MessageKey {
  return key !== undefined && CONTRACT_KEYS.has(key) ? (key as MessageKey) : fallback;
}

/**
 * Keys built from the contracts' names (form kinds, fields, steps, enum codes): TypeScript
 * cannot follow a name into the messages, so keys.test.ts proves that every name the contracts hold has
 * its message in every language.
 */
export const nameKey = {
  formTitle: (kind: string) => `forms.kinds.${kind}.title` as MessageKey,
  fieldLabel: (field: string) => `forms.fields.${field}.label` as MessageKey,
  fieldHelp: (field: string) => `forms.fields.${field}.help` as MessageKey,
  step: (id: string) => `forms.steps.${id}` as MessageKey,
  option: (group: string, code: string) => `enums.${group}.${code}` as MessageKey,
};

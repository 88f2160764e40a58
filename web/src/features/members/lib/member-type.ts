import type { MessageKey } from '../../../lib/i18n/keys';

/** A member type's label (`owner`, `admin`, `member`); member-type.test.ts proves each has one. */
export const memberTypeKey = (type: string) => `console.memberTypes.${type}` as MessageKey;

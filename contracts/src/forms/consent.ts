import { z } from 'zod';
import { privacyMsg } from '../feature-messages';

/*
 * The consent box every public registration form ends with (docs/decisions/data-rights.md, "Privacy
 * notice and consent"): one field of the form's own schema, so the SPA, the BFF and the upstream refuse a
 * submission without it with the same message on the box. The upstream takes it out of the answers and
 * records the consent beside them (when, the wording in the visitor's language, the notice's version).
 */

/** The field's name, added by defineForm to the last step of every form. */
export const PRIVACY_CONSENT_FIELD = 'privacyConsent';
/** `privacy.validation.consentRequired` in locales/ */
export const CONSENT_REQUIRED = privacyMsg.consentRequired;
/** The box's label (`forms.fields.privacyConsent.label`): the wording recorded with the consent. */
export const CONSENT_WORDING_KEY = 'forms.fields.privacyConsent.label';

export const consentSchema = () => z.literal(true, { error: CONSENT_REQUIRED });

/**
 * The optional box every form asks before the privacy consent: may exhibitors who scan the visitor's badge
 * see their name, organisation, role and e-mail (lead retrieval, contracts/src/leads.ts)? Unticked, a
 * scan of the badge says "no consent" and keeps nothing. Its schema is a `flag()` (defineForm).
 */
export const LEAD_CONSENT_FIELD = 'shareWithExhibitors';

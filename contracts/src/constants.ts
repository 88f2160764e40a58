/** Business constants and limits of spec section 9; labels live in locales/ under `enums.<name>.<code>`. */

export const COMPANY_SIZES = ['micro', 'sme', 'large'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
/**
 * Spec section 9's size band of a company from its number of employees: micro 1–9, SME 10–249, large 250+.
 * A B2B registration made before the form asked the number holds its band's code instead, read as it is.
 */
export function companySizeOf(employees: unknown): CompanySize | '' {
  if (typeof employees === 'number' && Number.isFinite(employees) && employees >= 1)
    return employees < 10 ? 'micro' : employees < 250 ? 'sme' : 'large';
  return typeof employees === 'string' && (COMPANY_SIZES as readonly string[]).includes(employees)
    ? (employees as CompanySize)
    : '';
}
/**
 * Annual revenue bands of a B2B company, in euros (the spec names the field, not its values). The limits are
 * the EU's SME turnover ceilings (micro 2 M, small 10 M, medium 50 M), then 250 M and above; left empty,
 * the company does not say.
 */
export const REVENUE_BANDS = ['under_2m', '2m_10m', '10m_50m', '50m_250m', 'over_250m'] as const;
/**
 * Certifications a B2B company may hold, the ones trade-fair directories list most (quality, environment,
 * safety, information security, food safety, medical devices, product conformity, forestry, organic, fair
 * trade, B Corp); `other` asks for the rest in words.
 */
export const CERTIFICATIONS = [
  'iso_9001',
  'iso_14001',
  'iso_45001',
  'iso_27001',
  'iso_22000',
  'iso_13485',
  'haccp',
  'ce_marking',
  'fsc',
  'organic',
  'fair_trade',
  'b_corp',
  'other',
] as const;
export const NEED_URGENCIES = ['immediate', 'within_6_months', 'long_term'] as const;
export const PARTICIPATION_FORMATS = ['in_person', 'online', 'hybrid'] as const;
export const EXPERIENCE_LEVELS = ['less_than_1', '1_2', '3_5', '6_10', 'more_than_10'] as const;
export const PARTNERSHIP_LEVELS = ['gold', 'diamond', 'bronze'] as const;
export const PARTNER_TYPES = ['financial', 'material', 'service', 'media_communication', 'other'] as const;
export const PARTNERSHIP_TYPES = ['sponsor', 'partner'] as const;
export const TIME_SLOTS = ['morning', 'afternoon', 'evening', 'full_day'] as const;
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const GENDERS = ['male', 'female'] as const;
export const SECTORS = [
  'tech_innovation',
  'energy_environment',
  'education_training',
  'finance_insurance',
  'agriculture_agroindustry',
  'transport_logistics',
  'construction_infrastructure',
  'trade_distribution',
  'tourism_hospitality',
  'art_culture',
  'communication_media',
  'industry_manufacturing',
  'legal_services',
  'public_service_government',
  'digital_economy_ecommerce',
  'research_development',
  'associations_ngos',
  'others',
] as const;
export const OFFER_TYPES = [
  'products_to_distribute',
  'b2b_services',
  'subcontracting',
  'technical_expertise',
  'investment_partnership',
  'other_specify',
] as const;
export const NEED_TYPES = [
  'potential_clients',
  'suppliers',
  'distributors',
  'technical_partners_rnd',
  'investors',
  'mentoring_support',
  'other_specify',
] as const;
export const TARGETED_PARTNERS = [
  'distributors',
  'clients',
  'suppliers',
  'co_development',
  'local_representatives',
  'other_specify',
] as const;
export const B2B_PROFILE_TYPES = ['buyer', 'supplier', 'investor', 'service_provider'] as const;
export const PARTICIPANT_TYPES = ['individual', 'company', 'organization'] as const;
/**
 * Spec section 9's function categories with their roles, asked where a form wants a company
 * representative's position (B2B, sponsor). `other` stands outside the categories: a function they do not name.
 */
export const FUNCTIONS = [
  'ceo',
  'gm',
  'deputy_gm',
  'founder',
  'cfo',
  'administrative_director',
  'finance_manager',
  'accountant',
  'sales_director',
  'marketing_director',
  'sales_manager',
  'business_developer',
  'other',
] as const;
export type FunctionCode = (typeof FUNCTIONS)[number];
export const FUNCTION_CATEGORIES = [
  'general_management',
  'administrative_financial',
  'sales_marketing',
] as const;
/** Each category's roles, in the order the list shows them; every function but `other` is in exactly one. */
export const FUNCTIONS_BY_CATEGORY = {
  general_management: ['ceo', 'gm', 'deputy_gm', 'founder'],
  administrative_financial: ['cfo', 'administrative_director', 'finance_manager', 'accountant'],
  sales_marketing: ['sales_director', 'marketing_director', 'sales_manager', 'business_developer'],
} as const satisfies Record<(typeof FUNCTION_CATEGORIES)[number], readonly FunctionCode[]>;
export const EVENT_FEATURES = [
  'commission',
  'form_model',
  'badge_model',
  'badge_sending',
  'information_requests',
  'authorisations',
] as const;

export const INVITATION_PAGE_SIZE = 5;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const RELOAD_THROTTLE_MS = 10_000;
/** How often the SPA asks for builds/latest.json (the spec does not say; one minute keeps the cost negligible). */
export const BUILD_POLL_INTERVAL_MS = 60_000;

export const MEETING_TIMEZONE = 'Europe/Paris';
export const MEETING_REMINDERS = [
  { method: 'email', minutes: 1440 },
  { method: 'popup', minutes: 15 },
] as const;
/**
 * The narrowest scope every calendar call needs: events insert, get, patch and delete on the primary
 * calendar, with a Meet conference. The spec lists `calendar` too; docs/decisions/meetings.md says why it
 * is not asked.
 */
export const GOOGLE_CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.events'] as const;

/** A yes/no custom question's two answers (forms/questions.ts). */
export const YES_NO = ['yes', 'no'] as const;

import type { CompanySummary } from '@evt/contracts/b2b';

/** A supplier company of the Lyon forum (event 7), as the space and the own-profile page show it. */
export const lovelaceEngines: CompanySummary = {
  id: 41,
  companyName: 'Lovelace Engines',
  profileType: 'supplier',
  companySize: 'sme',
  employees: 120,
  annualRevenue: '10m_50m',
  certifications: ['iso_9001', 'iso_14001'],
  sectors: ['industry_manufacturing'],
  offerType: 'b2b_services',
  needType: 'distributors',
  country: 'FR',
  participationFormat: 'hybrid',
  logo: false,
  score: 100,
};

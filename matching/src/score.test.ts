import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompanyProfile, CRITERIA, type MatchConfig } from './api';
import { generateProfiles, PROFILE_CHOICES as C } from './generate';
import { DEFAULT_MATCH_CONFIG, scoreAll, scorePair, suggestMatches } from './index';
import { parseTargetMarket } from './markets';
import { features, pairTotal, units } from './score';

const base: CompanyProfile = {
  id: 1,
  companyName: 'Alpha',
  profileType: 'supplier',
  companySize: 'sme',
  sectors: ['agriculture_agroindustry'],
  offerType: 'products_to_distribute',
  needType: 'distributors',
  needUrgency: 'immediate',
  targetedPartnerType: 'distributors',
  targetMarket: 'Japan',
  country: 'CI',
  participationFormat: 'in_person',
  availabilityStart: '2026-03-01',
  availabilityEnd: '2026-03-03',
  timeSlots: ['morning'],
};
const company = (patch: Partial<CompanyProfile>): CompanyProfile => ({ ...base, ...patch });
const config = DEFAULT_MATCH_CONFIG;
const keys = (a: CompanyProfile, b: CompanyProfile) => scorePair(a, b, config).reasons.map((r) => r.key);

const arbCompany = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  companyName: fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', ''),
  profileType: fc.constantFrom(...C.profileType),
  companySize: fc.constantFrom(...C.companySize),
  sectors: fc.uniqueArray(fc.constantFrom(...C.sectors), { maxLength: 3 }),
  offerType: fc.constantFrom(...C.offerType),
  needType: fc.constantFrom(...C.needType),
  needUrgency: fc.constantFrom(...C.needUrgency),
  targetedPartnerType: fc.constantFrom(...C.targetedPartnerType),
  targetMarket: fc.constantFrom(
    '',
    'Europe',
    'FR, DE',
    'Japon',
    '日本',
    'worldwide',
    'Afrique de l’Ouest',
    'Sénégal; Côte d’Ivoire, JAPON',
    'xyz',
  ),
  country: fc.constantFrom(null, 'FR', 'JP', 'CI', 'US', 'DE'),
  participationFormat: fc.constantFrom(...C.participationFormat),
  availabilityStart: fc.constantFrom('2026-03-01', '2026-03-02', 'not a date'),
  availabilityEnd: fc.constantFrom('2026-03-01', '2026-03-03', ''),
  timeSlots: fc.uniqueArray(fc.constantFrom(...C.timeSlots), { maxLength: 3 }),
  certifications: fc.uniqueArray(fc.constantFrom('iso_9001', 'iso_14001', 'haccp', 'other'), {
    maxLength: 3,
  }),
});
const arbConfig: fc.Arbitrary<MatchConfig> = fc.record({
  weights: fc.record(
    Object.fromEntries(CRITERIA.map((c) => [c, fc.integer({ min: 0, max: 10 })])) as Record<
      (typeof CRITERIA)[number],
      fc.Arbitrary<number>
    >,
  ),
  minScore: fc.integer({ min: 0, max: 100 }),
});

describe('target market', () => {
  it('reads codes in capitals, names in three languages and regions', () => {
    const countries = (text: string) => new Set(parseTargetMarket(text).flatMap((t) => t.countries));
    expect(countries('FR, DE')).toEqual(new Set(['FR', 'DE']));
    expect(countries('Japon et Corée du Sud')).toEqual(new Set(['JP', 'KR']));
    expect(countries('日本・韓国')).toEqual(new Set(['JP', 'KR']));
    expect(countries('Côte d’Ivoire')).toEqual(new Set(['CI']));
    expect(countries('Europe')).toContain('DE');
    expect(countries("Afrique de l'Ouest")).toContain('SN');
    expect(countries("Afrique de l'Ouest")).not.toContain('KE');
    expect(countries('中央アフリカ共和国')).toEqual(new Set(['CF']));
    // lower-case two-letter words are words, not codes
    expect(countries('in the world of de facto trade')).toEqual(countries('world'));
    expect(countries('nothing known here')).toEqual(new Set());
  });
});

describe('scorePair', () => {
  it('explains a buyer and a supplier that answer each other', () => {
    const buyer = company({
      id: 2,
      companyName: 'Beta',
      profileType: 'buyer',
      needType: 'suppliers',
      sectors: ['trade_distribution'],
      country: 'JP',
      targetMarket: 'Côte d’Ivoire',
    });
    const result = scorePair(base, buyer, config);
    expect(result.score).toBeGreaterThan(70);
    const byKey = Object.fromEntries(result.reasons.map((r) => [r.key, r]));
    expect(byKey.buyerSupplier?.values).toEqual({ buyer: 'Beta', supplier: 'Alpha' });
    expect(byKey.mutualNeeds?.criterion).toBe('offerNeed');
    expect(byKey.targetsEachOther).toBeDefined();
    expect(byKey.complementarySectors?.values).toMatchObject({
      sectorA: 'agriculture_agroindustry',
      sectorB: 'trade_distribution',
    });
    expect(result.reasons.map((r) => r.points)).toEqual(
      [...result.reasons.map((r) => r.points)].sort((x, y) => y - x),
    );
    const total = result.reasons.reduce((sum, r) => sum + r.points, 0);
    expect(Math.abs(total - result.score)).toBeLessThanOrEqual(CRITERIA.length);
  });

  it('says which wish the other answers: the need, the partner targeted, or local representation', () => {
    const seeker = company({
      needType: 'other_specify',
      targetedPartnerType: 'suppliers',
      profileType: 'buyer',
    });
    const supplier = company({
      id: 2,
      companyName: 'Beta',
      offerType: 'subcontracting',
      needType: 'other_specify',
    });
    const reason = scorePair(seeker, supplier, config).reasons.find((r) => r.criterion === 'offerNeed');
    expect(reason).toMatchObject({
      key: 'targetedPartner',
      values: { giver: 'Beta', taker: 'Alpha', partner: 'suppliers' },
    });
    const needs = company({ needType: 'suppliers', targetedPartnerType: 'other_specify' });
    expect(scorePair(needs, supplier, config).reasons.find((r) => r.criterion === 'offerNeed')?.key).toBe(
      'answersNeed',
    );
    const local = company({
      needType: 'other_specify',
      targetedPartnerType: 'local_representatives',
      targetMarket: 'Japon',
    });
    const japanese = company({
      id: 3,
      companyName: 'Nihon',
      country: 'JP',
      profileType: 'investor',
      offerType: 'other_specify',
      needType: 'other_specify',
    });
    expect(scorePair(local, japanese, config).reasons.find((r) => r.criterion === 'offerNeed')).toMatchObject(
      {
        key: 'localRepresentative',
        values: {
          giver: 'Nihon',
          taker: 'Alpha',
          country_fr: 'Japon',
          country_en: 'Japan',
          country_ja: '日本',
        },
      },
    );
  });

  it('names the investor and the company seeking investment', () => {
    const investor = company({ id: 2, companyName: 'Fund', profileType: 'investor' });
    const seeker = company({ needType: 'investors' });
    expect(keys(investor, seeker)).toContain('investorSeeking');
    const reason = scorePair(seeker, investor, config).reasons.find((r) => r.key === 'investorSeeking');
    expect(reason?.values).toEqual({ investor: 'Fund', company: 'Alpha' });
  });

  it('gives the country the market names in three languages', () => {
    const japanese = company({ id: 2, companyName: 'Nihon', country: 'JP', targetMarket: '' });
    const reason = scorePair(base, japanese, config).reasons.find((r) => r.key === 'targetsCountry');
    expect(reason?.values).toEqual({
      company: 'Alpha',
      partner: 'Nihon',
      market: 'Japan',
      country_fr: 'Japon',
      country_en: 'Japan',
      country_ja: '日本',
    });
  });

  it('quotes the piece of the target market the company wrote, accents and case kept', () => {
    const writer = company({ targetMarket: 'Europe du Sud; Afrique de l’Ouest (UEMOA), Japon' });
    const senegal = company({ id: 2, companyName: 'Dakar', country: 'SN', targetMarket: '' });
    const reason = scorePair(writer, senegal, config).reasons.find((r) => r.key === 'targetsCountry');
    expect(reason?.values.market).toBe('Afrique de l’Ouest (UEMOA)');
  });

  it('finds online and in-person incompatible and hybrid fitting both', () => {
    const online = company({ id: 2, companyName: 'Beta', participationFormat: 'online' });
    const hybrid = company({ id: 3, companyName: 'Gamma', participationFormat: 'hybrid' });
    expect(keys(base, online)).not.toContain('sameFormat');
    expect(keys(base, online)).not.toContain('hybridFits');
    expect(keys(online, hybrid)).toContain('hybridFits');
    expect(scorePair(base, hybrid, config).score).toBeGreaterThan(scorePair(base, online, config).score);
  });

  it('counts availability only when the dates overlap', () => {
    const later = company({
      id: 2,
      companyName: 'Beta',
      availabilityStart: '2026-04-01',
      availabilityEnd: '2026-04-02',
    });
    const evening = company({ id: 3, companyName: 'Gamma', timeSlots: ['evening'] });
    const same = company({ id: 4, companyName: 'Delta', timeSlots: ['full_day'] });
    expect(scorePair(base, later, config).reasons.some((r) => r.criterion === 'availability')).toBe(false);
    expect(keys(base, evening)).toContain('sameDaysOnly');
    expect(scorePair(base, same, config).reasons.find((r) => r.key === 'commonSlot')?.values).toEqual({
      slot: 'morning',
    });
  });

  it('notes the certifications both hold, without changing the score', () => {
    const certified = company({ certifications: ['iso_9001', 'haccp', 'other'] });
    const other = company({ id: 2, companyName: 'Beta', profileType: 'buyer' });
    const alike = { ...other, certifications: ['haccp', 'other', 'iso_14001'] };
    const withNote = scorePair(certified, alike, config);
    expect(withNote.score).toBe(scorePair(certified, other, config).score);
    expect(withNote.reasons.at(-1)).toEqual({
      criterion: 'certifications',
      points: 0,
      key: 'sharedCertification',
      values: { certification: 'haccp', count: 1 },
    });
    // certifications written in words are not compared; none shared, no note
    expect(keys(certified, { ...other, certifications: ['other'] })).not.toContain('sharedCertification');
    expect(keys(certified, other)).not.toContain('sharedCertification');
  });

  it('is zero for the same company and a declined pair, whatever the profiles', () => {
    const twin = company({ id: 2, companyName: ' ALPHA ' });
    const other = company({ id: 3, companyName: 'Beta', profileType: 'buyer' });
    expect(scorePair(base, base, config)).toEqual({ score: 0, reasons: [] });
    expect(scorePair(base, twin, config).score).toBe(0);
    expect(scorePair(base, other, config).score).toBeGreaterThan(0);
    expect(scorePair(base, other, config, { declined: [[3, 1]] })).toEqual({ score: 0, reasons: [] });
  });

  it('follows the weights: one criterion alone makes the whole score', () => {
    const weights = Object.fromEntries(
      CRITERIA.map((c) => [c, c === 'format' ? 4 : 0]),
    ) as MatchConfig['weights'];
    const other = company({ id: 2, companyName: 'Beta' });
    expect(scorePair(base, other, { weights, minScore: 0 })).toEqual({
      score: 100,
      reasons: [{ criterion: 'format', points: 100, key: 'sameFormat', values: { format: 'in_person' } }],
    });
  });
});

describe('properties', () => {
  it('scores are symmetric, integers within 0–100, and equal to scoreAll', () => {
    fc.assert(
      fc.property(arbCompany, arbCompany, arbConfig, (a, b, cfg) => {
        const ab = scorePair(a, b, cfg);
        const ba = scorePair(b, a, cfg);
        expect(ab.score).toBe(ba.score);
        expect(Number.isInteger(ab.score)).toBe(true);
        expect(ab.score).toBeGreaterThanOrEqual(0);
        expect(ab.score).toBeLessThanOrEqual(100);
        // the criteria that contributed, then the notes, which weigh nothing
        for (const reason of ab.reasons)
          if (reason.criterion === 'certifications') expect(reason.points).toBe(0);
          else expect(reason.points).toBeGreaterThan(0);
        const unit = units(cfg);
        const total = pairTotal(features([a, b]), 0, 1, unit, new Float64Array(CRITERIA.length));
        if (ab.score > 0) expect(ab.score).toBe(Math.round(total));
        const all = scoreAll([a, b], cfg);
        expect(all.scores[1]).toBe(ab.score);
        expect(all.scores[2]).toBe(ab.score);
        expect(all.scores[0]).toBe(0);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('each reason says what is true of the pair', () => {
    fc.assert(
      fc.property(arbCompany, arbCompany, (x, y) => {
        const a = { ...x, id: 1, companyName: 'A' };
        const b = { ...y, id: 2, companyName: 'B' };
        const byName = (name: unknown) => (name === 'A' ? a : b);
        for (const { key, values: v } of scorePair(a, b, config).reasons) {
          if (key === 'sharedSector') {
            expect(a.sectors).toContain(v.sector);
            expect(b.sectors).toContain(v.sector);
          }
          if (key === 'complementarySectors') {
            expect(byName(v.a).sectors).toContain(v.sectorA);
            expect(byName(v.b).sectors).toContain(v.sectorB);
          }
          if (key === 'targetsCountry') {
            const countries = parseTargetMarket(byName(v.company).targetMarket).flatMap((t) => t.countries);
            expect(countries).toContain(byName(v.partner).country);
          }
          if (key === 'answersNeed') expect(byName(v.taker).needType).toBe(v.need);
          if (key === 'targetedPartner') expect(byName(v.taker).targetedPartnerType).toBe(v.partner);
          if (key === 'localRepresentative')
            expect(byName(v.taker).targetedPartnerType).toBe('local_representatives');
          if (key === 'investorSeeking') {
            expect(byName(v.investor).profileType).toBe('investor');
            // looking for investment is needing investors, not offering an investment partnership
            expect(byName(v.company).needType).toBe('investors');
          }
          if (key === 'serviceForNeed') {
            expect(byName(v.provider).profileType).toBe('service_provider');
            expect(byName(v.company).needType).toBe(v.need);
          }
          if (key === 'sharedCertification') {
            expect(v.certification).not.toBe('other');
            expect(a.certifications).toContain(v.certification);
            expect(b.certifications).toContain(v.certification);
          }
          if (key === 'mutualNeeds') expect([a.needType, b.needType]).toEqual([v.needA, v.needB]);
          if (key === 'targetsCountry') expect(byName(v.company).targetMarket).toContain(v.market);
          if (key === 'commonSlot' || key === 'sameDaysOnly') {
            // the parts of the day as a person reads the form: full day is morning and afternoon
            const parts = (c: CompanyProfile) =>
              c.timeSlots.length === 0
                ? ['morning', 'afternoon', 'evening']
                : c.timeSlots.flatMap((t) => (t === 'full_day' ? ['morning', 'afternoon'] : [t]));
            const both = parts(a).filter((p) => parts(b).includes(p));
            if (key === 'commonSlot') expect(both).toContain(v.slot);
            else expect(both).toEqual([]);
          }
          if (key === 'buyerSupplier')
            expect([byName(v.buyer).profileType, byName(v.supplier).profileType]).toEqual([
              'buyer',
              'supplier',
            ]);
          if (key === 'sameFormat')
            expect([a.participationFormat, b.participationFormat]).toEqual([v.format, v.format]);
          if (key === 'hybridFits') expect(byName(v.hybrid).participationFormat).toBe('hybrid');
          if (key === 'sameSize') expect([a.companySize, b.companySize]).toEqual([v.size, v.size]);
        }
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('hard zeros hold whatever the profiles and weights', () => {
    fc.assert(
      fc.property(arbCompany, arbCompany, arbConfig, (a, b, cfg) => {
        expect(scorePair(a, { ...b, id: a.id }, cfg).score).toBe(0);
        expect(scorePair(a, { ...b, companyName: a.companyName.toUpperCase() }, cfg).score).toBe(
          a.companyName === '' ? scorePair(a, b, cfg).score : 0,
        );
        expect(scorePair(a, b, cfg, { declined: [[b.id, a.id]] }).score).toBe(0);
        const all = scoreAll([a, b], cfg, { declined: [[a.id, b.id]] });
        expect([...all.scores]).toEqual([0, 0, 0, 0]);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('scoreAll and suggestMatches', () => {
  const profiles = generateProfiles(60, 7);
  it('agree with scorePair on every pair', () => {
    const { ids, scores } = scoreAll(profiles, config, { declined: [[1, 2]] });
    expect(ids).toEqual(profiles.map((p) => p.id));
    for (let i = 0; i < profiles.length; i++)
      for (let j = 0; j < profiles.length; j++) {
        const expected =
          i === j ? 0 : scorePair(profiles[i]!, profiles[j]!, config, { declined: [[1, 2]] }).score;
        if (scores[i * profiles.length + j] !== expected)
          expect([i, j, scores[i * profiles.length + j]]).toEqual([i, j, expected]);
      }
    expect(scores[1]).toBe(0);
  }, 60_000);

  it('suggests the best matches above the minimum score, strongest first', () => {
    const me = profiles[0]!;
    const suggestions = suggestMatches(me, profiles, config, undefined, 5);
    const expected = profiles
      .slice(1)
      .map((p) => ({ id: p.id, score: scorePair(me, p, config).score }))
      .filter((s) => s.score >= config.minScore)
      .sort((x, y) => y.score - x.score || x.id - y.id)
      .slice(0, 5);
    expect(suggestions).toEqual(expected);
    expect(suggestions.length).toBeGreaterThan(0);
  });
});

/**
 * Reads the free-text target market of the B2B form ("Europe, Japan", "FR, DE", "Afrique de l'Ouest",
 * "日本・韓国") into a set of ISO 3166-1 alpha-2 codes. It knows every country by its code (written in
 * capitals) and by its name in French, English and Japanese (Intl.DisplayNames, as contracts/forms/countries
 * does), a few common other names, and regions (Europe, the EU, Africa and its parts, the Middle East, Asia,
 * the Americas, Oceania, "worldwide"). Results are cached by text: forms repeat the same few markets.
 */
import { COUNTRY_CODES } from '@evt/contracts/forms/countries';

const REGIONS: Record<string, string> = {
  europe:
    'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SK SM UA VA XK AX SJ',
  eu: 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE',
  africa:
    'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW',
  westAfrica: 'BJ BF CV CI GM GH GN GW LR ML MR NE NG SN SL TG',
  centralAfrica: 'AO BI CM CF TD CG CD GQ GA RW ST',
  northAfrica: 'DZ EG LY MA MR SD TN EH',
  eastAfrica: 'BI KM DJ ER ET KE MG MW MU MZ RW SC SO SS TZ UG ZM ZW RE YT',
  southernAfrica: 'BW LS NA SZ ZA',
  middleEast: 'AE BH IL IQ IR JO KW LB OM PS QA SA SY TR YE EG',
  asia: 'AF AM AZ BD BN BT CN GE HK ID IN JP KG KH KP KR KZ LA LK MM MN MO MV MY NP PH PK SG TH TJ TL TM TW UZ VN AE BH IL IQ IR JO KW LB OM PS QA SA SY TR YE',
  northAmerica: 'US CA MX GL BM PM',
  latinAmerica:
    'MX GT BZ SV HN NI CR PA CU DO HT PR AR BO BR CL CO EC PY PE UY VE GY SR GF JM TT BB BS AG DM GD KN LC VC GP MQ',
  oceania: 'AU NZ FJ PG SB VU NC PF WS TO KI FM MH NR PW TV CK NU NF GU MP AS WF TK',
};
REGIONS.americas = `${REGIONS.northAmerica} ${REGIONS.latinAmerica} AI AW BL BQ CW KY MF MS SX TC VG VI FK`;
REGIONS.asiaPacific = `${REGIONS.asia} ${REGIONS.oceania}`;
REGIONS.world = COUNTRY_CODES.join(' ');

/** Other names people write, normalised (see `normalise`), to a region or a country code. */
const ALIASES: Record<string, string> = {
  europe: 'europe',
  european: 'europe',
  'european union': 'eu',
  'union europeenne': 'eu',
  ヨーロッパ: 'europe',
  欧州: 'europe',
  欧州連合: 'eu',
  africa: 'africa',
  afrique: 'africa',
  アフリカ: 'africa',
  'west africa': 'westAfrica',
  'western africa': 'westAfrica',
  'afrique de l ouest': 'westAfrica',
  'afrique occidentale': 'westAfrica',
  ecowas: 'westAfrica',
  cedeao: 'westAfrica',
  uemoa: 'westAfrica',
  waemu: 'westAfrica',
  西アフリカ: 'westAfrica',
  'central africa': 'centralAfrica',
  'afrique centrale': 'centralAfrica',
  cemac: 'centralAfrica',
  ceeac: 'centralAfrica',
  eccas: 'centralAfrica',
  中部アフリカ: 'centralAfrica',
  'north africa': 'northAfrica',
  'northern africa': 'northAfrica',
  'afrique du nord': 'northAfrica',
  maghreb: 'northAfrica',
  北アフリカ: 'northAfrica',
  'east africa': 'eastAfrica',
  'eastern africa': 'eastAfrica',
  'afrique de l est': 'eastAfrica',
  'afrique orientale': 'eastAfrica',
  東アフリカ: 'eastAfrica',
  'southern africa': 'southernAfrica',
  'afrique australe': 'southernAfrica',
  南部アフリカ: 'southernAfrica',
  'middle east': 'middleEast',
  'moyen orient': 'middleEast',
  'proche orient': 'middleEast',
  gulf: 'middleEast',
  golfe: 'middleEast',
  中東: 'middleEast',
  asia: 'asia',
  asie: 'asia',
  アジア: 'asia',
  'asia pacific': 'asiaPacific',
  'asie pacifique': 'asiaPacific',
  apac: 'asiaPacific',
  アジア太平洋: 'asiaPacific',
  'north america': 'northAmerica',
  'amerique du nord': 'northAmerica',
  北米: 'northAmerica',
  北アメリカ: 'northAmerica',
  'latin america': 'latinAmerica',
  'amerique latine': 'latinAmerica',
  'south america': 'latinAmerica',
  'amerique du sud': 'latinAmerica',
  'central america': 'latinAmerica',
  'amerique centrale': 'latinAmerica',
  caribbean: 'latinAmerica',
  caraibes: 'latinAmerica',
  中南米: 'latinAmerica',
  南米: 'latinAmerica',
  ラテンアメリカ: 'latinAmerica',
  americas: 'americas',
  amerique: 'americas',
  ameriques: 'americas',
  南北アメリカ: 'americas',
  oceania: 'oceania',
  oceanie: 'oceania',
  オセアニア: 'oceania',
  world: 'world',
  worldwide: 'world',
  global: 'world',
  international: 'world',
  monde: 'world',
  mondial: 'world',
  'monde entier': 'world',
  'tous pays': 'world',
  'all countries': 'world',
  世界: 'world',
  全世界: 'world',
  グローバル: 'world',
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  'etats unis d amerique': 'US',
  米国: 'US',
  アメリカ: 'US',
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  england: 'GB',
  angleterre: 'GB',
  'grande bretagne': 'GB',
  英国: 'GB',
  'ivory coast': 'CI',
  'cote divoire': 'CI',
  drc: 'CD',
  rdc: 'CD',
  'congo kinshasa': 'CD',
  'congo brazzaville': 'CG',
  holland: 'NL',
  hollande: 'NL',
  korea: 'KR',
  'south korea': 'KR',
  coree: 'KR',
  uae: 'AE',
  emirats: 'AE',
  'emirats arabes unis': 'AE',
  russia: 'RU',
};

/** Lower case, accents and punctuation gone, single spaces; Japanese text is kept as it is. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Dictionary {
  /** normalised Latin-script names (one or more words) to a region name or country code */
  latin: Map<string, string>;
  longestLatin: number;
  /** CJK names, longest first (a longer name wins over the shorter one it contains) */
  cjk: [string, string][];
}

const isCjk = (text: string): boolean => /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(text);

let dictionary: Dictionary | null = null;
function getDictionary(): Dictionary {
  if (dictionary) return dictionary;
  const latin = new Map<string, string>();
  const cjk = new Map<string, string>();
  const add = (name: string, target: string) => {
    const key = normalise(name);
    if (key.length < 2) return;
    if (isCjk(key)) cjk.set(key, target);
    else if (!latin.has(key)) latin.set(key, target);
  };
  for (const locale of ['en', 'fr', 'ja']) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code) add(name, code);
    }
  }
  for (const [name, target] of Object.entries(ALIASES)) {
    const key = normalise(name);
    if (isCjk(key)) cjk.set(key, target);
    else latin.set(key, target);
  }
  let longestLatin = 1;
  for (const key of latin.keys()) longestLatin = Math.max(longestLatin, key.split(' ').length);
  dictionary = {
    latin,
    longestLatin,
    cjk: [...cjk.entries()].sort((a, b) => b[0].length - a[0].length),
  };
  return dictionary;
}

const codes = new Set<string>(COUNTRY_CODES);
/** Short names written in capitals: country codes and a few abbreviations of regions. */
const CAPITAL_ABBREVIATIONS: Record<string, string> = { EU: 'eu', UE: 'eu', USA: 'US', UK: 'GB', UAE: 'AE' };

export interface MarketTerm {
  /** what matched, as the company wrote it (normalised for Latin script) */
  text: string;
  countries: readonly string[];
  /** "worldwide" and its synonyms: every country, which says little about any one */
  world: boolean;
}

function termOf(text: string, target: string): MarketTerm {
  const region = REGIONS[target];
  return { text, countries: region ? region.split(' ') : [target], world: target === 'world' };
}

const cache = new Map<string, MarketTerm[]>();

/** The places a target-market text names, in the order written. */
export function parseTargetMarket(text: string): MarketTerm[] {
  const cached = cache.get(text);
  if (cached) return cached;
  const dict = getDictionary();
  const terms: MarketTerm[] = [];
  for (const word of text.split(/[^\p{L}]+/u)) {
    const target = CAPITAL_ABBREVIATIONS[word] ?? (/^[A-Z]{2}$/.test(word) && codes.has(word) ? word : null);
    if (target) terms.push(termOf(word, target));
  }
  let rest = normalise(text);
  if (isCjk(rest)) {
    for (const [name, target] of dict.cjk) {
      if (rest.includes(name)) {
        terms.push(termOf(name, target));
        rest = rest.replaceAll(name, ' ');
      }
    }
  }
  const words = rest.split(' ').filter((w) => w.length > 0);
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(dict.longestLatin, words.length - i); n >= 1 && matched === 0; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      if (phrase.length < 3) continue; // two letters are codes, read above from capitals only
      const target = dict.latin.get(phrase);
      if (target) {
        terms.push(termOf(phrase, target));
        matched = n;
      }
    }
    i += Math.max(matched, 1);
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(text, terms);
  return terms;
}

/**
 * The part of a target-market text, as written, in which a term was read (`phrase`, as parsed): the
 * comma- (or semicolon-, slash-, line-) separated piece whose normalised form contains it, else the whole
 * text. What a reason quotes, so that it shows the company's own words.
 */
export function writtenPartOf(text: string, phrase: string): string {
  const wanted = ` ${normalise(phrase)} `;
  const pieces = text.split(/[,;/|\n]+/);
  const found = pieces.find((piece) => ` ${normalise(piece)} `.includes(wanted) || piece.includes(phrase));
  return (found ?? text).trim();
}

/** The first term of a market text that covers a country, if any. */
export function marketTermFor(text: string, country: string | null): MarketTerm | null {
  if (!country) return null;
  for (const term of parseTargetMarket(text)) if (term.countries.includes(country)) return term;
  return null;
}

/** Index of each known country code, for the scorer's bit sets. */
export const COUNTRY_INDEX: ReadonlyMap<string, number> = new Map(COUNTRY_CODES.map((code, i) => [code, i]));
export const COUNTRY_COUNT = COUNTRY_CODES.length;

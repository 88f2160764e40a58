/** The engine's entry (matching/src/api.ts lists what it exports and why). */
export { DEFAULT_MATCH_CONFIG, scoreAll, suggestMatches } from './score';
export { reasonValuesFor, scorePair } from './reasons';
export { generateProfiles, generateProgramme } from './generate';
export { checkMove, lockedConflicts } from './move';
export { greedySchedule, placementUpperBound, schedule } from './schedule';

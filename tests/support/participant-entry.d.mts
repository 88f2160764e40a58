/** Types of participant-entry.mjs, for the TypeScript tests that share it. */
export declare const participantEntry: (email: string, lastName: string) => Record<string, unknown>;

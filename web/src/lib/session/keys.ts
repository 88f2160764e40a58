/** The session's query keys: login clears every query outside `all`, so nothing of another user survives. */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

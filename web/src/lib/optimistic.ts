import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The three callbacks of an optimistic mutation on one cached value: `apply` shows the change at once;
 * a failure puts back what was cached before; either way the value is read again, so it ends as the
 * server has it. The failure itself stays the mutation's `error`, for the caller to announce.
 */
export function optimistic<T, V>(queryClient: QueryClient, key: QueryKey, apply: (old: T, change: V) => T) {
  return {
    onMutate: async (change: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<T>(key);
      if (previous !== undefined) queryClient.setQueryData<T>(key, apply(previous, change));
      return { previous };
    },
    onError: (_error: unknown, _change: V, context: { previous: T | undefined } | undefined) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

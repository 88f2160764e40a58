import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './alert';
import { PageSpinner } from './spinner';

/** A query's three states: a spinner while it loads, its error, then `children` with the data. */
export function QueryResult<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  return children(query.data);
}

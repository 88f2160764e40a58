import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/**
 * Whether the console's page is still arriving: the next route's code is loading, or a query has not had
 * its first answer. Refetches of data already shown do not count. The main landmark says it with
 * `aria-busy`, so assistive technologies may wait before reading it (the browser tests wait for it too).
 */
export function usePageArriving(): boolean {
  const navigation = useNavigation();
  const firstAnswers = useIsFetching({ predicate: (query) => query.state.status === 'pending' });
  return navigation.state !== 'idle' || firstAnswers > 0;
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../components/error-view';

/** The router's error element: a 404 thrown by a page's validity check, or anything else (500). */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return <ErrorView notFound={notFound} />;
}

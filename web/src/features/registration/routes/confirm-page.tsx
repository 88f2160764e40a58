import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useLocalePath } from '../../../lib/locale-path';
import { confirmRegistration } from '../api/public-registration';

/**
 * `/public/registrations/confirm?token=`: the link of the confirmation e-mail. Confirms through the BFF,
 * then shows the spec's result page (success, or error with a way to get a new link). The success page
 * gets the BFF's answer through router state (see result-page.tsx).
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const token = params.get('token') ?? '';
  useEffect(() => {
    let live = true;
    confirmRegistration(token)
      .then((result) => {
        if (!live) return;
        // what the result page shows travels as the server's answer in the history entry's state, never
        // in the address: a link could put any text there (`?event=pay 50 EUR at …`)
        const q = new URLSearchParams({ status: result.status });
        navigate(`${lp('/events/result-page/success')}?${q}`, {
          replace: true,
          state: { confirmation: result },
        });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const status = isApiError(error)
          ? error.status === 410
            ? 'expired'
            : error.status === 404 || error.status === 400
              ? 'unknown'
              : 'failed'
          : 'failed';
        const q = new URLSearchParams({
          status,
          slug: params.get('event') ?? '',
          kind: params.get('kind') ?? '',
        });
        navigate(`${lp('/events/result-page/error')}?${q}`, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [token, navigate, lp, params]);
  return <PageSpinner />;
}

import { useNavigate } from 'react-router';
import { useLocalePath } from '../locale-path';
import { useLogoutMutation } from './logout';

/** Spec section 4: logout calls the server, forgets the user and the selection, and goes to the login page. */
export function useLogout() {
  const mutation = useLogoutMutation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  return {
    logout: () =>
      mutation.mutate(undefined, { onSettled: () => navigate(lp('/auth/login'), { replace: true }) }),
    pending: mutation.isPending,
  };
}

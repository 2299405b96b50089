import { Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { logout } from '@generated/api/auth/auth';
import { connectionStore, session } from '@/api/session';
import { PageMessage } from '@/components/layout/page-message';

/** Clears the session and the connection state, tells the server, and goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refresh = session.getRefreshToken();
    // The call carries the token it ends, so it goes out before the session is cleared; its
    // outcome does not matter to the user, who is logged out locally either way.
    const call =
      session.isLoggedIn() && refresh ? logout({ refresh }).catch(() => undefined) : null;
    void Promise.resolve(call).finally(() => {
      session.clear();
      connectionStore.clear();
      queryClient.clear();
      void navigate({ to: '/login', replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <PageMessage icon={<Spinner size={40} />} title="Logging out">
      <p>Signing you out of AceBridge…</p>
    </PageMessage>
  );
}

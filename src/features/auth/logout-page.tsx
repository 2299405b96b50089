import { Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

import { signOut } from '@/api/sign-out';
import { PageMessage } from '@/components/layout/page-message';

/** Signs the user out, and goes to /login once the server has answered. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(() => queryClient.clear()).then(() => navigate({ to: '/login', replace: true }));
  }, [navigate, queryClient]);

  return (
    <PageMessage icon={<Spinner size={40} />} title="Logging out">
      <p>Signing you out of AceBridge…</p>
    </PageMessage>
  );
}

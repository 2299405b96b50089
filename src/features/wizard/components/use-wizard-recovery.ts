import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

import { connectionStore, session } from '@/api/session';
import type { ConnectionStepStatus } from '@generated/api/model';
import {
  getGetConnectionStepStatusQueryOptions,
  getGetTenantSubdomainQueryOptions,
} from '@generated/api/onboarding/onboarding';

import { recoverWizard, type WizardStep } from '../model/recovery';
import type { WizardDraft } from '../model/wizard-draft';
import { wizardDrafts } from './wizard-drafts';

/** Recovery errors just end loading: the wizard starts over quietly, without a toast. */
const silent = { query: { meta: { silentErrors: true }, staleTime: 0, retry: false } };

async function askServer(queryClient: ReturnType<typeof useQueryClient>) {
  const key = connectionStore.getProductKey();
  const email = session.getUser()?.email;
  const [reply] = await Promise.all([
    queryClient.fetchQuery(getGetConnectionStepStatusQueryOptions(key ? { key } : {}, silent)),
    email
      ? queryClient
          .fetchQuery(getGetTenantSubdomainQueryOptions({ email }, silent))
          .then((found) => connectionStore.setTenantSubdomain(found.subdomain_prefix))
      : undefined,
  ]);
  return reply;
}

export interface Resumed {
  step: WizardStep;
  /** This tab's draft of the set-up: what was typed before the reload. */
  draft: WizardDraft | undefined;
}

/**
 * Where the wizard resumes, from the stored key, this tab's draft of the set-up (its last step
 * and what was typed) and, for a signed-in user, the server's connection step and tenant
 * subdomain. Undefined while loading; leaves for the dashboard or the login screen when the
 * recovered state says so.
 */
export function useWizardRecovery(): Resumed | undefined {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [resumed, setResumed] = useState<Resumed>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hasKey = Boolean(connectionStore.getProductKey());
    const loggedIn = session.isLoggedIn();
    const draft = wizardDrafts.read();
    const asked: Promise<ConnectionStepStatus | undefined> = loggedIn
      ? askServer(queryClient).catch(() => undefined)
      : Promise.resolve(undefined);
    void asked.then((reply) => {
      const recovery = recoverWizard({
        hasKey,
        loggedIn: session.isLoggedIn(),
        reply,
        resumed: draft?.step,
      });
      if (recovery.kind === 'dashboard') {
        // Complete, with nothing of it left to resume here: its draft has served.
        wizardDrafts.clear();
        void navigate({ to: '/dashboard', replace: true });
      } else if (recovery.kind === 'login') void navigate({ to: '/logout', replace: true });
      else setResumed({ step: recovery.step, draft });
    });
  }, [navigate, queryClient]);

  return resumed;
}

import { createFileRoute, redirect } from '@tanstack/react-router';

import { session } from '@/api/session';
import { currentUserWithRole } from '@/features/auth/auth-queries';
import { WizardPage } from '@/features/wizard';
import { parseWizardStep, wizardStepName, type WizardStep } from '@/features/wizard/wizard-queries';
import { lazyNamed } from '@/lib/lazy-named';
import { pageTitle } from '@/lib/title';

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The step the wizard shows, kept with its history entry so that the route can title it. Not
     * in the URL: the wizard resumes where the server's step and this tab's draft of the set-up
     * say, whatever a link or a reload asks.
     */
    wizardStep?: WizardStep;
  }
}

// Step 5's mapping editor loads when step 5 shows it, not with steps 1 to 4.
const FieldMapper = lazyNamed(() => import('@/features/mapper'), 'FieldMapper');

export const Route = createFileRoute('/new-connection')({
  // A signed-in user who cannot set the company up goes to the dashboard. An admin stays: the
  // dashboard's set-up guard sends admins here, so sending them back would loop.
  beforeLoad: async ({ context, location }) => {
    if (session.isLoggedIn()) {
      const user = await currentUserWithRole(context.queryClient);
      if (user?.role === 'user') throw redirect({ to: '/dashboard', replace: true });
    }
    // Step 1 until the wizard, once resumed, says otherwise.
    return { wizardStep: parseWizardStep(location.state.wizardStep) ?? 1 };
  },
  head: ({ match }) => ({
    meta: [{ title: pageTitle(wizardStepName(match.context.wizardStep)) }],
  }),
  component: NewConnectionRoute,
});

function NewConnectionRoute() {
  const { wizardStep: titled } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <WizardPage
      mapper={<FieldMapper />}
      onStepChange={(wizardStep) => {
        if (wizardStep === titled) return;
        // The same address, with the step in the entry's state: the title follows it.
        void navigate({
          to: '.',
          search: true,
          state: (previous) => ({ ...previous, wizardStep }),
          replace: true,
          resetScroll: false,
        });
      }}
    />
  );
}

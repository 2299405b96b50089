import type { ConnectionStepStatus } from '@generated/api/model';

export const WIZARD_STEPS = [
  { number: 1, subtitle: 'Account Authorization' },
  { number: 2, subtitle: 'Account Details' },
  { number: 3, subtitle: 'Connection Strategy' },
  { number: 4, subtitle: 'Establishing Connection' },
  { number: 5, subtitle: 'Connection Settings' },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number]['number'];

const LAST_STEP: WizardStep = 5;

/** A step as its title names it: 'Step 3 · Connection Strategy'. */
export function wizardStepName(step: WizardStep): string {
  const { subtitle } = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];
  return `Step ${step} · ${subtitle}`;
}

/** A step from an untrusted value (a history entry's state), or undefined when it is none. */
export function parseWizardStep(value: unknown): WizardStep | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LAST_STEP
    ? (value as WizardStep)
    : undefined;
}

export type Recovery =
  | { kind: 'step'; step: WizardStep }
  /** Set-up is complete: the wizard hands over to the dashboard. */
  | { kind: 'dashboard' }
  /** A step that needs a signed-in admin, without one: log out and sign in again. */
  | { kind: 'login' };

export interface RecoveryInput {
  /** A verified product key is stored. */
  hasKey: boolean;
  loggedIn: boolean;
  /** The connection-step reply; undefined when it was not asked or the call failed. */
  reply?: ConnectionStepStatus;
  /**
   * The step this tab's wizard showed last (its draft), for a set-up not finished with Finish
   * here; undefined when none.
   */
  resumed?: WizardStep;
}

function clampStep(step: number): WizardStep {
  return Math.min(LAST_STEP, Math.max(1, Math.trunc(step))) as WizardStep;
}

/**
 * Where the wizard resumes on load. The server says how far the set-up has come: a reply with a
 * message means it is complete; a null step means step 5; step 3 or later needs a signed-in user.
 * Without a reply (nobody signed in, so nobody can ask; or the call failed) a stored key resumes
 * at step 2 (or at step 1, where this tab went back to) and no key starts at step 1.
 *
 * A complete set-up whose Finish was not pressed in this tab (`resumed`: the step it showed, 3 to
 * 5) comes back at that step, not on the dashboard: the server counts set-up complete from the
 * first mandatory field mapped, while the admin is still mapping the others, and Finish is where
 * they are told what is still unmapped. A set-up under way resumes at the server's step, which
 * may have moved on in another tab.
 */
export function recoverWizard({ hasKey, loggedIn, reply, resumed }: RecoveryInput): Recovery {
  if (!reply) {
    if (!hasKey || loggedIn) return { kind: 'step', step: 1 };
    return { kind: 'step', step: resumed === 1 ? 1 : 2 };
  }
  if (typeof reply.message === 'string' && reply.message.length > 0) {
    return loggedIn && resumed !== undefined && resumed >= 3
      ? { kind: 'step', step: resumed }
      : { kind: 'dashboard' };
  }
  const step = clampStep(reply.current_step ?? LAST_STEP);
  if (step >= 3 && !loggedIn) return { kind: 'login' };
  // Step 2 creates the tenant with the verified key: without one, verify it first.
  if (step === 2 && !hasKey) return { kind: 'step', step: 1 };
  return { kind: 'step', step };
}

/** Next past the last step, or Previous before the first, leaves the wizard for the dashboard. */
export function stepAfter(step: WizardStep, move: 1 | -1): WizardStep | 'dashboard' {
  const next = step + move;
  return next < 1 || next > LAST_STEP ? 'dashboard' : (next as WizardStep);
}

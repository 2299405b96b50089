import { Card, Classes } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';

import { connectionStore } from '@/api/session';
import { signOut } from '@/api/sign-out';
import { useHideFooter } from '@/components/layout/shell-footer';
import {
  INITIAL_SALESFORCE_CONNECTION,
  type SalesforceConnectionValues,
} from '@/components/salesforce-connection/salesforce-connection-values';
import { lazyNamed } from '@/lib/lazy-named';

import { KeyStep, type KeyState } from './components/key-step';
import { Loading } from './components/loading';
import { SettingsStep } from './components/settings-step';
import { StepProgress } from './components/step-progress';
import { useWizardRecovery, type Resumed } from './components/use-wizard-recovery';
import { wizardDrafts } from './components/wizard-drafts';
import { INITIAL_ACCOUNT, type AccountValues } from './model/account-values';
import { INITIAL_AWS, type AwsValues } from './model/aws-values';
import { stepAfter, WIZARD_STEPS, type WizardStep } from './model/recovery';
import { wizardDraftOf } from './model/wizard-draft';
import styles from './wizard.module.css';

// The steps with a schema form load with it (the form library and that form's validator), when
// they are shown: the key step and the mapper do not carry them.
const AccountStep = lazyNamed(() => import('./components/account-step'), 'AccountStep');
const SalesforceStep = lazyNamed(() => import('./components/salesforce-step'), 'SalesforceStep');
const AwsStep = lazyNamed(() => import('./components/aws-step'), 'AwsStep');

export interface WizardPageProps {
  /** Step 5's field-mapping editor; the route composes it. */
  mapper: ReactNode;
  /** Told the step shown, once resumed and after each move: the route titles the page with it. */
  onStepChange?: (step: WizardStep) => void;
}

/**
 * A verified key that differs from the stored one starts over: state cleared (what was typed for
 * the other key's set-up too), user logged out.
 */
function adoptKey(key: string, clearCache: () => void): void {
  const stored = connectionStore.getProductKey();
  if (stored === key) return;
  wizardDrafts.forgetKey(stored);
  void signOut(clearCache);
  connectionStore.setProductKey(key);
}

/**
 * The five-step set-up of a new partner company: licence key, company and admin, Salesforce
 * connection, AWS connection, then the connection settings (the mapping). It keeps its step and
 * what was typed (no password, no file) in this tab's drafts as the user goes, so a reload
 * resumes where they were; Finish ends it.
 */
export function WizardPage({ mapper, onStepChange }: WizardPageProps) {
  const recovered = useWizardRecovery();
  if (recovered === undefined) return <Loading />;
  return <Wizard resumed={recovered} mapper={mapper} onStepChange={onStepChange} />;
}

function Wizard({ resumed, mapper, onStepChange }: WizardPageProps & { resumed: Resumed }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { draft } = resumed;
  const [step, setStep] = useState<WizardStep>(resumed.step);
  const [keyState, setKeyState] = useState<KeyState>(() => ({
    key: connectionStore.getProductKey() ?? '',
    status: 'none',
  }));
  const [account, setAccount] = useState<AccountValues>(() => draft?.account ?? INITIAL_ACCOUNT);
  const [salesforce, setSalesforce] = useState<SalesforceConnectionValues>(
    () => draft?.salesforce ?? INITIAL_SALESFORCE_CONNECTION,
  );
  const [aws, setAws] = useState<AwsValues>(() => ({ ...INITIAL_AWS, ...draft?.aws }));
  useHideFooter(step !== 1);
  const reportStep = useEffectEvent((shown: WizardStep) => onStepChange?.(shown));
  useEffect(() => reportStep(step), [step]);
  // Kept as the user goes: a reload at any moment finds the step and the fields as they were.
  useEffect(
    () => wizardDrafts.keep(wizardDraftOf(step, { account, salesforce, aws })),
    [step, account, salesforce, aws],
  );

  const move = (by: 1 | -1) => {
    const next = stepAfter(step, by);
    if (next === 'dashboard') {
      // Finish (or leaving before step 1): the set-up is over, nothing of it is resumed.
      wizardDrafts.clear();
      void navigate({ to: '/dashboard' });
    } else setStep(next);
  };
  const previous = () => move(-1);
  const next = () => move(1);
  const { subtitle } = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];

  return (
    <Card className={`${styles.card} ${step === 5 ? styles.wide : ''}`} elevation={1}>
      <StepProgress current={step} />
      <header className={styles.header}>
        <h1 className={Classes.HEADING}>{`Step ${step}`}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </header>
      {step === 1 ? (
        <KeyStep
          value={keyState}
          onChange={setKeyState}
          onVerified={(key) => adoptKey(key, () => queryClient.clear())}
          onNext={next}
        />
      ) : null}
      <Suspense fallback={<Loading />}>
        {step === 2 ? (
          <AccountStep
            productKey={connectionStore.getProductKey() ?? keyState.key}
            value={account}
            onChange={setAccount}
            onPrevious={previous}
            onNext={() => {
              // The company and its admin exist: what was typed for them has served.
              wizardDrafts.forgetKey(connectionStore.getProductKey());
              next();
            }}
          />
        ) : null}
        {step === 3 ? (
          <SalesforceStep
            value={salesforce}
            onChange={setSalesforce}
            onPrevious={previous}
            onNext={next}
          />
        ) : null}
        {step === 4 ? (
          <AwsStep value={aws} onChange={setAws} onPrevious={previous} onNext={next} />
        ) : null}
      </Suspense>
      {step === 5 ? <SettingsStep mapper={mapper} onPrevious={previous} onFinish={next} /> : null}
    </Card>
  );
}

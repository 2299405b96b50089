import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { getGenerateUuidQueryOptions, useAddPolicy } from '@generated/api/onboarding/onboarding';
import addPolicyUi from '@schemas/add-policy.ui.json';
import { retargetRequired } from '@/components/schema-form/errors';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import {
  awsServerErrors,
  roleArnPattern,
  toAddPolicyRequest,
  validatePolicyContent,
  type AwsValues,
} from './aws-values';
import { CopyTextWidget } from './copy-text-widget';
import { addPolicySchema, addPolicyValidator } from './add-policy-form';
import { messagesByField } from './form-schemas';
import { toastUnlessFieldErrors } from './server-errors';
import { WizardNav } from './wizard-nav';
import styles from './wizard.module.css';
import { useSingleFlight } from '@/lib/use-single-flight';

const widgets = { CopyTextWidget };

/** The messages a submit attempt would show, once each: the spec toasts them (section 5). */
function submitMessages(values: AwsValues): string[] {
  const { errors } = addPolicyValidator.validateFormData(
    values,
    addPolicySchema,
    validatePolicyContent,
    retargetRequired,
  );
  return [...new Set(Object.values(messagesByField(errors)).flat())];
}

export interface AwsStepProps {
  value: AwsValues;
  onChange: (value: AwsValues) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** Step 4: give AceBridge access to the ACE data with the policy file or the bucket details. */
export function AwsStep({ value, onChange, onPrevious, onNext }: AwsStepProps) {
  const [serverBody, setServerBody] = useState<unknown>();
  const [moving, setMoving] = useState(false);
  const add = useSingleFlight(useAddPolicy({ mutation: { meta: { silentErrors: true } } }));
  const serverErrors = useMemo(() => awsServerErrors(serverBody), [serverBody]);
  // The external id the role must trust comes from the server, once.
  const uuid = useQuery(getGenerateUuidQueryOptions({ query: { staleTime: Infinity } }));
  const externalId = uuid.data?.uuid;
  useEffect(() => {
    if (externalId && !value.external_id) onChange({ ...value, external_id: externalId });
  }, [externalId, value, onChange]);

  const uiSchema = useMemo<UiSchema<AwsValues>>(
    () => ({
      ...addPolicyUi,
      external_role_arn: {
        ...addPolicyUi.external_role_arn,
        'ui:widget': 'CopyTextWidget',
        'ui:options': {
          copyText: roleArnPattern(value.account_id),
          copyLabel: 'Copy the role ARN pattern',
        },
        'ui:help': `Pattern: ${roleArnPattern(value.account_id)}`,
      },
    }),
    [value.account_id],
  );

  const submit = (values: AwsValues) => {
    if (add.isPending || moving) return;
    setServerBody(undefined);
    add.mutate(
      { data: toAddPolicyRequest(values) },
      {
        onSuccess: async (reply) => {
          setMoving(true);
          if (reply?.message) void toast.success(reply.message);
          await wait(SUCCESS_DELAY_MS);
          onNext();
        },
        onError: (error) => {
          setServerBody(error.body);
          toastUnlessFieldErrors(error, awsServerErrors(error.body));
        },
      },
    );
  };

  return (
    <>
      <h2 className={`${Classes.HEADING} ${styles.sectionTitle}`}>Connecting...</h2>
      <SchemaForm<AwsValues>
        schema={addPolicySchema}
        uiSchema={uiSchema}
        validator={addPolicyValidator}
        widgets={widgets}
        customValidate={validatePolicyContent}
        formData={value}
        onChange={onChange}
        onSubmit={submit}
        serverErrors={serverErrors}
        disabled={moving}
      >
        <WizardNav
          onPrevious={onPrevious}
          busy={add.isPending || moving}
          // A submit attempt with missing or wrong fields also toasts why (spec section 5).
          onSubmitAttempt={() => submitMessages(value).forEach((text) => void toast.danger(text))}
        />
      </SchemaForm>
    </>
  );
}

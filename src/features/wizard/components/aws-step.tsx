import { Classes } from '@blueprintjs/core';
import type { UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

import { useFormSubmit } from '@/components/form/use-form-submit';
import { retargetRequired } from '@/components/schema-form/errors';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { toast } from '@/lib/toaster';
import {
  getAddPolicyMutationOptions,
  getGenerateUuidQueryOptions,
} from '@generated/api/onboarding/onboarding';
import addPolicyUi from '@schemas/add-policy.ui.json';

import { addPolicySchema, addPolicyValidator } from '../model/add-policy-form';
import {
  AWS_FIELDS,
  roleArnPattern,
  toAddPolicyRequest,
  validatePolicyContent,
  type AwsValues,
} from '../model/aws-values';
import { messagesByField } from '../model/form-schemas';
import styles from '../wizard.module.css';
import { CopyTextWidget } from './copy-text-widget';
import { WizardNav } from './wizard-nav';

const widgets = { CopyTextWidget };

/** The messages a submit attempt would show, once each: step 4 toasts them as well. */
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
  const add = useFormSubmit(getAddPolicyMutationOptions(), {
    fields: AWS_FIELDS,
    onSuccess: (reply) => {
      if (reply?.message) void toast.success(reply.message);
    },
    next: onNext,
  });
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
        onSubmit={(values) => add.submit({ data: toAddPolicyRequest(values) })}
        serverErrors={add.fieldErrors}
        disabled={add.finishing}
      >
        <WizardNav
          onPrevious={onPrevious}
          busy={add.busy}
          // A submit attempt with missing or wrong fields also toasts why, not only marks them.
          onSubmitAttempt={() => submitMessages(value).forEach((text) => void toast.danger(text))}
        />
      </SchemaForm>
    </>
  );
}

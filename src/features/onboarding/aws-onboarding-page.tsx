import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { useFormSubmit } from '@/components/form/use-form-submit';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { toast } from '@/lib/toaster';
import type { AwsRegistrationRequest } from '@generated/api/model';
import { getRegisterAwsPurchaseMutationOptions } from '@generated/api/onboarding/onboarding';

import {
  REGISTERED_TEXT,
  REGISTRATION_FIELDS,
  registrationSchema,
  registrationUiSchema,
  registrationValidator,
  type AwsRegistrationFormData,
} from './model/aws-registration-form';
import styles from './onboarding.module.css';

/**
 * /aws-onboarding: a buyer coming from AWS Marketplace leaves contact details (all four
 * required); on success a toast confirms and the app goes home.
 */
export function AwsOnboardingPage() {
  const navigate = useNavigate();
  const [formData, setFormData] = useState<AwsRegistrationFormData>({});
  const register = useFormSubmit(getRegisterAwsPurchaseMutationOptions(), {
    fields: REGISTRATION_FIELDS,
    // The form stays busy until the app has gone home.
    onSuccess: () => {
      void toast.success(REGISTERED_TEXT);
      return navigate({ to: '/', replace: true });
    },
  });

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>AWS Marketplace Registration</h1>
      <p className={Classes.RUNNING_TEXT}>
        Thank you for choosing AceBridge on AWS Marketplace! Leave your contact details below and
        our team will send you your licence keys and help you with onboarding.
      </p>
      <SchemaForm<AwsRegistrationFormData>
        schema={registrationSchema}
        uiSchema={registrationUiSchema}
        validator={registrationValidator}
        formData={formData}
        onChange={(next) => {
          setFormData(next);
          register.clearFieldErrors();
        }}
        // The schema let only complete data through.
        onSubmit={(data) => register.submit({ data: data as AwsRegistrationRequest })}
        serverErrors={register.fieldErrors}
        disabled={register.busy}
      >
        <div className={styles.actions}>
          <Button type="submit" intent={Intent.PRIMARY} text="Register" loading={register.busy} />
        </div>
      </SchemaForm>
    </Card>
  );
}

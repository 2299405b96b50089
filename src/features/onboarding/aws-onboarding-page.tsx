import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AwsRegistrationRequest } from '@generated/api/model';
import { useRegisterAwsPurchase } from '@generated/api/onboarding/onboarding';
import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { serverErrorSchema } from '@/components/schema-form/errors';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { toast } from '@/lib/toaster';
import {
  REGISTERED_TEXT,
  REGISTRATION_SERVER_FIELDS,
  registrationSchema,
  registrationUiSchema,
  registrationValidator,
  type AwsRegistrationFormData,
} from './aws-registration-form';
import styles from './onboarding.module.css';
import { useSingleFlight } from '@/lib/use-single-flight';

/**
 * /aws-onboarding (spec sections 2, 5 and 7): a buyer coming from AWS Marketplace leaves contact
 * details; on success a toast confirms and the app goes home.
 */
export function AwsOnboardingPage() {
  const navigate = useNavigate();
  const [formData, setFormData] = useState<AwsRegistrationFormData>({});
  const [serverErrors, setServerErrors] = useState<ErrorSchema<AwsRegistrationFormData>>();
  // Field errors show under their fields; anything else is toasted in onError.
  const register = useSingleFlight(
    useRegisterAwsPurchase({ mutation: { meta: { silentErrors: true } } }),
  );

  const onSubmit = (data: AwsRegistrationFormData) => {
    if (register.isPending) return;
    register.mutate(
      // The schema let only complete data through.
      { data: data as AwsRegistrationRequest },
      {
        onSuccess: () => {
          void toast.success(REGISTERED_TEXT);
          void navigate({ to: '/', replace: true });
        },
        onError: (error) => {
          const fields = serverErrorSchema(
            isApiError(error) ? error.body : undefined,
            REGISTRATION_SERVER_FIELDS,
          );
          if (fields) setServerErrors(fields as ErrorSchema<AwsRegistrationFormData>);
          else errorMessages(error).forEach((message) => void toast.danger(message));
        },
      },
    );
  };

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
          setServerErrors(undefined);
        }}
        onSubmit={onSubmit}
        serverErrors={serverErrors}
        disabled={register.isPending || register.isSuccess}
      >
        <div className={styles.actions}>
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Register"
            loading={register.isPending || register.isSuccess}
          />
        </div>
      </SchemaForm>
    </Card>
  );
}

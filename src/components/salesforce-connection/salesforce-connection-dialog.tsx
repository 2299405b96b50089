import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  getCheckConnectionQueryKey,
  useUpdateSalesforceConnection,
} from '@generated/api/tenants/tenants';
import { errorMessages } from '@/api/error-messages';
import { toast } from '@/lib/toaster';
import { SalesforceConnectionForm } from './salesforce-connection-form';
import {
  connectionServerErrors,
  INITIAL_SALESFORCE_CONNECTION,
  toConnectionUpdate,
  type SalesforceConnectionValues,
} from './salesforce-connection-values';
import { useSingleFlight } from '@/lib/use-single-flight';

export interface SalesforceConnectionDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * 'Update your Salesforce Account' (spec section 2): the step-3 form in a modal with Update and
 * Cancel, used from Company Settings and from the mapper's edit pencil.
 */
export function SalesforceConnectionDialog({ isOpen, onClose }: SalesforceConnectionDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(INITIAL_SALESFORCE_CONNECTION);
  const [serverBody, setServerBody] = useState<unknown>();
  // Field errors show under their fields; anything else is toasted here.
  const update = useSingleFlight(
    useUpdateSalesforceConnection({ mutation: { meta: { silentErrors: true } } }),
  );
  const serverErrors = useMemo(() => connectionServerErrors(serverBody), [serverBody]);

  const close = () => {
    if (update.isPending) return;
    setValues(INITIAL_SALESFORCE_CONNECTION);
    setServerBody(undefined);
    onClose();
  };

  const submit = (data: SalesforceConnectionValues) => {
    setServerBody(undefined);
    update.mutate(
      { data: toConnectionUpdate(data) },
      {
        onSuccess: (reply) => {
          void toast.success(reply?.message || 'Updated successfully');
          void queryClient.invalidateQueries({ queryKey: getCheckConnectionQueryKey() });
          setValues(INITIAL_SALESFORCE_CONNECTION);
          onClose();
        },
        onError: (error) => {
          setServerBody(error.body);
          if (!connectionServerErrors(error.body)) {
            errorMessages(error).forEach((message) => void toast.danger(message));
          }
        },
      },
    );
  };

  return (
    <Dialog isOpen={isOpen} title="Update your Salesforce Account" onClose={close}>
      <DialogBody>
        <SalesforceConnectionForm
          id={formId}
          formData={values}
          onChange={setValues}
          onSubmit={submit}
          serverErrors={serverErrors}
          showEnvironment={false}
          disabled={update.isPending}
        >
          <></>
        </SalesforceConnectionForm>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} disabled={update.isPending} />
            <Button
              type="submit"
              form={formId}
              intent={Intent.PRIMARY}
              text="Update"
              loading={update.isPending}
            />
          </>
        }
      />
    </Dialog>
  );
}

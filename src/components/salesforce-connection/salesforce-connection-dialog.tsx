import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useFormSubmit } from '@/components/form/use-form-submit';
import { toast } from '@/lib/toaster';
import {
  getCheckConnectionQueryKey,
  getUpdateSalesforceConnectionMutationOptions,
} from '@generated/api/tenants/tenants';

import { SalesforceConnectionForm } from './salesforce-connection-form';
import {
  CONNECTION_FIELDS,
  INITIAL_SALESFORCE_CONNECTION,
  toConnectionUpdate,
} from './salesforce-connection-values';

export interface SalesforceConnectionDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * 'Update your Salesforce Account': the step-3 form in a modal with Update and Cancel, used from
 * Company Settings and from the mapper's edit pencil.
 */
export function SalesforceConnectionDialog({ isOpen, onClose }: SalesforceConnectionDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(INITIAL_SALESFORCE_CONNECTION);
  const update = useFormSubmit(getUpdateSalesforceConnectionMutationOptions(), {
    fields: CONNECTION_FIELDS,
    onSuccess: (reply) => {
      void toast.success(reply?.message || 'Updated successfully');
      void queryClient.invalidateQueries({ queryKey: getCheckConnectionQueryKey() });
      setValues(INITIAL_SALESFORCE_CONNECTION);
      onClose();
    },
  });

  const close = () => {
    if (update.busy) return;
    setValues(INITIAL_SALESFORCE_CONNECTION);
    update.clearFieldErrors();
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} title="Update your Salesforce Account" onClose={close}>
      <DialogBody>
        <SalesforceConnectionForm
          id={formId}
          formData={values}
          onChange={setValues}
          onSubmit={(data) => update.submit({ data: toConnectionUpdate(data) })}
          serverErrors={update.fieldErrors}
          showEnvironment={false}
          disabled={update.busy}
        >
          <></>
        </SalesforceConnectionForm>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} disabled={update.busy} />
            <Button
              type="submit"
              form={formId}
              intent={Intent.PRIMARY}
              text="Update"
              loading={update.busy}
            />
          </>
        }
      />
    </Dialog>
  );
}

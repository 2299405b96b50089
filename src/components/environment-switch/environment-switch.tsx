import { Button, type ButtonProps } from '@blueprintjs/core';
import { SwapHorizontalIcon } from '@blueprintjs/icons';
import { useState } from 'react';

import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from '@/components/confirm-dialog/lazy-confirm-dialog';

import { environmentSwitchTexts } from './environment-switch-texts';
import { useEnvironmentSwitch, type EnvironmentSwitchDestination } from './use-environment-switch';

interface EnvironmentSwitchDialogProps {
  isOpen: boolean;
  /** The tenant's current environment flag. */
  isProductionEnabled: boolean;
  /** Where to go once switched: '/dashboard' from the wizard, '/new-connection' from elsewhere. */
  destination: EnvironmentSwitchDestination;
  /** The dialog closed: declined, or switched (`switched` true). */
  onClose: (switched: boolean) => void;
}

/**
 * The Beta/Production switch, confirmed in a modal as it cannot be undone: 'Are you sure you want
 * to switch to {Prod|Beta}?', Confirm and Cancel. Built on ConfirmDialog, whose code loads when the
 * pointer or the focus comes to the button.
 */
function EnvironmentSwitchDialog({
  isOpen,
  isProductionEnabled,
  destination,
  onClose,
}: EnvironmentSwitchDialogProps) {
  const texts = environmentSwitchTexts(isProductionEnabled);
  const { busy, switchEnvironment } = useEnvironmentSwitch(destination);
  return (
    <LazyConfirmDialog
      isOpen={isOpen}
      title={texts.title}
      body={texts.body}
      acceptText={texts.accept}
      declineText={texts.decline}
      busy={busy}
      onResult={async (result) => {
        if (result === 'decline') return onClose(false);
        if (await switchEnvironment(isProductionEnabled)) onClose(true);
      }}
    />
  );
}

export interface EnvironmentSwitchProps extends Omit<
  EnvironmentSwitchDialogProps,
  'isOpen' | 'onClose'
> {
  /** Look of the button (its text is always 'Switch to Prod' or 'Switch to Beta'). */
  buttonProps?: Omit<ButtonProps, 'text' | 'onClick'>;
}

/** A 'Switch to Prod' / 'Switch to Beta' button that asks for confirmation, then switches. */
export function EnvironmentSwitch({ buttonProps, ...dialog }: EnvironmentSwitchProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<SwapHorizontalIcon />}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        {...buttonProps}
        text={environmentSwitchTexts(dialog.isProductionEnabled).button}
        onClick={() => setOpen(true)}
      />
      <EnvironmentSwitchDialog {...dialog} isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

import { Button, Card, Classes } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

import type { SessionUser } from '@/api/session';
import { TextField } from '@/components/form/text-field';
import { toast } from '@/lib/toaster';

import styles from '../accounts.module.css';
import { fullName, roleLabel } from '../model/names';
import { AlertSettingsSection } from './alert-settings-form';
import { PasswordChangeForm } from './password-change-form';

const USER_DETAILS_MISSING = 'User details is not available';

/** The signed-in user's own account: Logout, who they are, a password change and e-mail alerts. */
export function MyAccountCard({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const missingId = user.id === undefined;
  // Without the stored user's id its details cannot be read: say so once.
  useEffect(() => {
    if (missingId) void toast.danger(USER_DETAILS_MISSING);
  }, [missingId]);
  return (
    <Card className={styles.card} elevation={1}>
      <div className={styles.cardHeader}>
        <h2 className={Classes.HEADING}>My Account</h2>
        <Button
          icon={<LogOutIcon />}
          text="Logout"
          onClick={() => void navigate({ to: '/logout' })}
        />
      </div>
      <TextField label="Name" readOnly value={fullName(user)} />
      <TextField label="Email" readOnly value={user.email ?? ''} />
      <TextField label="Role" readOnly value={roleLabel(user.role)} />
      <PasswordChangeForm />
      <AlertSettingsSection />
    </Card>
  );
}

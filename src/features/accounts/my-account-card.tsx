import { Button, Card, Classes } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { useNavigate } from '@tanstack/react-router';
import type { SessionUser } from '@/api/session';
import { TextField } from '@/components/form/text-field';
import { fullName, roleLabel } from './names';
import { PasswordChangeForm } from './password-change-form';
import styles from './accounts.module.css';

/** The signed-in user's own account: Logout, who they are, and a password change (spec section 2). */
export function MyAccountCard({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
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
    </Card>
  );
}

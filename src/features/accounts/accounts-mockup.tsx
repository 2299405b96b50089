import { Button, Card, Classes, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import styles from './accounts.module.css';

/** A disabled, labelled input of the mock-up. */
function MockField({ label, type = 'text' }: { label: string; type?: string }) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} type={type} disabled />
    </FormGroup>
  );
}

function MockAccountForm({ title, action }: { title: string; action: string }) {
  const roleId = useId();
  return (
    <Card className={styles.card}>
      <h2 className={Classes.HEADING}>{title}</h2>
      <MockField label="Name" />
      <MockField label="Email" type="email" />
      <MockField label="Password" type="password" />
      <FormGroup label="Role" labelFor={roleId}>
        <HTMLSelect id={roleId} disabled fill options={['Admin', 'Two', 'Three']} />
      </FormGroup>
      <Button text={action} disabled />
    </Card>
  );
}

/**
 * The static accounts mock-up (My Account, Create account, Edit account): placeholder only, with
 * no behaviour. It has no route of its own, so no route shows it; Company Settings (/accounts) is
 * the real screen.
 */
export function AccountsMockup() {
  return (
    <div className={styles.page}>
      <h1 className={Classes.HEADING}>My Account</h1>
      <div className={styles.grid}>
        <MockAccountForm title="Create account" action="Invite" />
        <MockAccountForm title="Edit account" action="Invite" />
      </div>
    </div>
  );
}

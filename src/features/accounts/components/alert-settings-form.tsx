import { Button, Callout, Classes, FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import { FormErrors } from '@/components/form/form-errors';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { toast } from '@/lib/toaster';
import type { AlertSettings } from '@generated/api/model';
import { getUpdateAlertSettingsMutationOptions } from '@generated/api/users/users';

import { alertSettingsQueryOptions } from '../accounts-queries';
import styles from '../accounts.module.css';
import {
  ALERT_FIELDS,
  DIGEST_HOURS,
  THRESHOLD_BOUNDS,
  alertFormValues,
  alertProblems,
  alertSettingsOf,
  browserTimeZone,
  timeZoneChoices,
  type AlertFormValues,
} from '../model/alert-form';

const SWITCHES: ReadonlyArray<{ field: keyof AlertFormValues; label: string }> = [
  { field: 'syncFailures', label: 'A sync run has failed records' },
  { field: 'newCause', label: 'A new cause of sync errors appears' },
  { field: 'connectionFailed', label: 'The Salesforce or AWS connection fails' },
  { field: 'newLaunches', label: 'Opportunities are launched' },
];

/**
 * My Account's e-mail alerts: which alerts the signed-in user gets, and whether they come in one
 * daily digest. Loads the user's settings, then shows the form.
 */
export function AlertSettingsSection() {
  const settings = useQuery(alertSettingsQueryOptions());
  return (
    <section aria-labelledby="alert-settings-title" className={styles.alerts}>
      <h3 id="alert-settings-title" className={Classes.HEADING}>
        E-mail alerts
      </h3>
      {settings.data ? (
        <AlertSettingsForm saved={settings.data} />
      ) : settings.isError ? (
        <Callout intent={Intent.WARNING} className={styles.formMessage}>
          Your e-mail alerts could not be loaded. Reload the page to try again.
        </Callout>
      ) : (
        <p className={Classes.SKELETON}>Loading your e-mail alerts</p>
      )}
    </section>
  );
}

/**
 * The form itself: what the contract would refuse shows under the fields once a save was tried,
 * and nothing is sent; the server's message on success, its field errors under the fields; what
 * was typed stays after a refusal.
 */
function AlertSettingsForm({ saved }: { saved: AlertSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => alertFormValues(saved, browserTimeZone()));
  const [tried, setTried] = useState(false);
  const hourId = useId();
  const zoneId = useId();
  const save = useFormSubmit(getUpdateAlertSettingsMutationOptions(), {
    fields: ALERT_FIELDS,
    onSuccess: (reply) => {
      queryClient.setQueryData(alertSettingsQueryOptions().queryKey, reply.settings);
      void toast.success(reply.message);
      setTried(false);
    },
  });
  const problems = alertProblems(values);
  // The form's own messages, once a save was tried, come before the last refusal's.
  const errorsOf = (field: keyof AlertFormValues) =>
    (tried ? problems?.[field] : undefined) ?? save.fieldErrors?.[field];
  const hourErrors = errorsOf('hour');
  const zoneErrors = errorsOf('timeZone');

  const change = <K extends keyof AlertFormValues>(field: K, value: AlertFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    save.clearFieldErrors(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems) return;
    save.submit({ data: alertSettingsOf(values) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="alert-settings-title">
      <p className={Classes.TEXT_MUTED}>E-mail me when:</p>
      {SWITCHES.map(({ field, label }) => (
        <Switch
          key={field}
          label={label}
          checked={values[field] === true}
          onChange={(event) => change(field, event.currentTarget.checked)}
        />
      ))}
      <TextField
        label="Failed records that send the alert (at least)"
        type="number"
        inputMode="numeric"
        min={THRESHOLD_BOUNDS.min}
        max={THRESHOLD_BOUNDS.max}
        value={values.threshold}
        disabled={!values.syncFailures}
        errors={errorsOf('threshold')}
        onChange={(event) => change('threshold', event.target.value)}
      />
      <Switch
        label="Send them in one daily digest instead of one by one"
        checked={values.digest}
        onChange={(event) => change('digest', event.currentTarget.checked)}
      />
      <div className={styles.digestFields}>
        <FormGroup
          label="Digest hour"
          labelFor={hourId}
          intent={hourErrors ? Intent.DANGER : Intent.NONE}
          helperText={hourErrors ? <FormErrors messages={hourErrors} /> : undefined}
        >
          <HTMLSelect
            id={hourId}
            value={values.hour}
            disabled={!values.digest}
            onChange={(event) => change('hour', Number(event.currentTarget.value))}
            options={DIGEST_HOURS}
          />
        </FormGroup>
        <FormGroup
          label="Time zone"
          labelFor={zoneId}
          intent={zoneErrors ? Intent.DANGER : Intent.NONE}
          helperText={zoneErrors ? <FormErrors messages={zoneErrors} /> : undefined}
        >
          <HTMLSelect
            id={zoneId}
            value={values.timeZone}
            disabled={!values.digest}
            onChange={(event) => change('timeZone', event.currentTarget.value)}
            options={timeZoneChoices(values.timeZone, saved.digest.time_zone)}
          />
        </FormGroup>
      </div>
      <div className={styles.actions}>
        <Button type="submit" intent={Intent.PRIMARY} text="Save alerts" loading={save.busy} />
      </div>
    </form>
  );
}

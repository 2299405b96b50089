import { Button } from '@blueprintjs/core';
import { UndoIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toaster';
import { useRevertActivityEvent } from '@generated/api/activity/activity';
import type { ActivityEvent, ActivityRevertConflict } from '@generated/api/model';

import { ACTIVITY_TEXT, actionText } from '../model/activity-texts';
import { ChangesView } from './changes-view';

type Step = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'conflict'; later: ActivityEvent[] };

/** The 409's body: a later change would be overwritten, or the target was deleted since. */
function conflictOf(error: unknown): ActivityRevertConflict | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const body = error.body as Partial<ActivityRevertConflict> | undefined;
  return Array.isArray(body?.later) ? (body as ActivityRevertConflict) : undefined;
}

/** "by Dana Whitfield at 2 Mar 2026, 09:40: Changed a sync filter", for each later change. */
function laterText(event: ActivityEvent): string {
  const who = event.actor?.name ?? ACTIVITY_TEXT.unknownActor;
  return ACTIVITY_TEXT.laterChange(
    who,
    formatDateTime(event.at) ?? event.at,
    actionText(event.action),
  );
}

/**
 * Revert (a revertible event, super_admin): asks first, showing what will be restored; a later
 * change of the same target is named and asked about again before it is overwritten (the backend
 * refuses with 409 until the newest one shown is confirmed). Success toasts and reloads every
 * list, as the revert changed a setting and added an event of its own.
 */
export function RevertAction({ event, onDone }: { event: ActivityEvent; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const revert = useRevertActivityEvent({ mutation: { meta: { silentErrors: true } } });

  const run = (confirm?: number) =>
    revert.mutate(
      { id: event.id, data: confirm === undefined ? {} : { confirm } },
      {
        onSuccess: () => {
          setStep({ kind: 'idle' });
          void toast.success(ACTIVITY_TEXT.reverted);
          void queryClient.invalidateQueries();
          onDone();
        },
        onError: (error) => {
          const conflict = conflictOf(error);
          if (conflict && !conflict.deleted && conflict.later.length > 0) {
            setStep({ kind: 'conflict', later: conflict.later });
            return;
          }
          setStep({ kind: 'idle' });
          if (conflict) void toast.danger(conflict.error);
          else for (const message of errorMessages(error)) void toast.danger(message);
        },
      },
    );

  const decline = () => setStep({ kind: 'idle' });
  return (
    <>
      <Button
        icon={<UndoIcon />}
        text={ACTIVITY_TEXT.revert}
        onClick={() => setStep({ kind: 'confirm' })}
      />
      <ConfirmDialog
        isOpen={step.kind === 'confirm'}
        title={ACTIVITY_TEXT.revertTitle}
        acceptText={ACTIVITY_TEXT.revert}
        busy={revert.isPending}
        body={
          <>
            <p>{ACTIVITY_TEXT.revertBody(event.target.label)}</p>
            {/* What it is now (the event's after) → what it will be (its before). */}
            <ChangesView before={event.after} after={event.before} label={ACTIVITY_TEXT.restored} />
          </>
        }
        onResult={(result) => (result === 'accept' ? run() : decline())}
      />
      <ConfirmDialog
        isOpen={step.kind === 'conflict'}
        title={ACTIVITY_TEXT.revertTitle}
        acceptText={ACTIVITY_TEXT.overwrite}
        busy={revert.isPending}
        body={
          step.kind === 'conflict' ? (
            <>
              <p>{ACTIVITY_TEXT.overwriteBody}</p>
              <ul>
                {step.later.map((later) => (
                  <li key={later.id}>{laterText(later)}</li>
                ))}
              </ul>
            </>
          ) : null
        }
        onResult={(result) =>
          result === 'accept' && step.kind === 'conflict' ? run(step.later[0]?.id) : decline()
        }
      />
    </>
  );
}

import { Button, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';

import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import { autoMatch } from '@generated/api/mappings/mappings';

const AUTO_MATCH_FAILED = 'Error. Could not auto match.';

export interface AutoMatchButtonProps {
  /** Sends what the rows still hold back before the server matches. */
  before: () => Promise<void>;
  /** Loads the mapper again once the server has matched. */
  after: () => Promise<void>;
}

/** Maps the obvious fields on the server, shows its message and reloads the mapper. */
export function AutoMatchButton({ before, after }: AutoMatchButtonProps) {
  const run = useSingleFlight(
    useMutation({
      mutationFn: async () => {
        await before();
        return autoMatch();
      },
      meta: { silentErrors: true },
      onSuccess: async (reply) => {
        void toast.success(reply.message);
        await after();
      },
      onError: () => void toast.danger(AUTO_MATCH_FAILED),
    }),
  );
  return (
    <Button
      intent={Intent.PRIMARY}
      text="AutoMatch"
      loading={run.isPending}
      onClick={() => run.mutate()}
    />
  );
}

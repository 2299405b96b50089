import { ACME } from '@tests/sandbox/seed/seed';
import type { MappingRow } from '@tests/sandbox/store/state';
import type { SandboxBackend } from '@tests/sandbox-backend';

/**
 * The seeded Acme tenant as it stood before set-up step `step` was done: the sandbox reads a
 * tenant's step from its state (no Salesforce: step 3; no AWS policy: step 4; no mandatory field
 * mapped: step 5), so its connection-step reply then names `step`. Returns Acme's mappings that
 * were taken away, for a test that maps them again as a user would in the mapper.
 */
export function acmeAtStep(backend: SandboxBackend, step: 3 | 4 | 5): MappingRow[] {
  const removed = backend.store.state.mappings.filter((mapping) => mapping.tenant === ACME.id);
  backend.store.transact((draft) => {
    const acme = draft.tenants.find((tenant) => tenant.id === ACME.id);
    if (!acme) throw new Error('the seed has no Acme tenant');
    if (step <= 3) acme.salesforce = null;
    if (step <= 4) acme.aws = null;
    draft.mappings = draft.mappings.filter((mapping) => mapping.tenant !== ACME.id);
  });
  return removed;
}

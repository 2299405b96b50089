import { createFileRoute } from '@tanstack/react-router';

import { LastChangedBy } from '@/components/last-changed-by/last-changed-by';
import { FieldMapper } from '@/features/mapper';
import { EditSalesforceConnectionButton, ValuesMapperPage } from '@/features/values-mapper';
import type { ValuesMapperTab } from '@/features/values-mapper/values-mapper-queries';
import { screenHead } from '@/lib/title';

interface ValuesMapperSearch {
  /** The selected entity tab; Leads when absent. */
  tab?: Exclude<ValuesMapperTab, 'leads'>;
  /**
   * An ACE attribute's id: the field mapper opens at its row (its tab and page), scrolled into
   * view, highlighted and focused. The dashboard's errors by cause link here.
   */
  field?: number;
}

function validateValuesMapperSearch(search: Record<string, unknown>): ValuesMapperSearch {
  const raw = typeof search.field === 'string' ? Number(search.field) : search.field;
  const field = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : undefined;
  return {
    ...(search.tab === 'opportunities' ? { tab: 'opportunities' } : {}),
    ...(field !== undefined ? { field } : {}),
  };
}

/** The values mapper (titled Sync Settings): super_admin only (the parent layout guards it). */
export const Route = createFileRoute('/_authenticated/_super-admin/values-mapper')({
  validateSearch: validateValuesMapperSearch,
  loaderDeps: ({ search }): { tab: ValuesMapperTab } => ({ tab: search.tab ?? 'leads' }),
  // Starts the loads early; the page shows its spinner until they land. The queries' module loads
  // beside the screen's, not in the first chunk every visitor downloads.
  loader: async ({ context, deps }) => {
    const queries = await import('@/features/values-mapper/values-mapper-queries');
    return queries.prefetchValuesMapper(context.queryClient, queries.TAB_ENTITY[deps.tab]);
  },
  head: screenHead('Sync Settings'),
  component: ValuesMapperRoute,
});

function ValuesMapperRoute() {
  const { tab, field } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ValuesMapperPage
      tab={tab ?? 'leads'}
      onTabChange={(next) =>
        void navigate({
          search: next === 'opportunities' ? { tab: next } : {},
          replace: true,
        })
      }
      mapper={
        <FieldMapper
          embedded
          headerActions={<EditSalesforceConnectionButton />}
          focusField={field}
          lastChanged={<LastChangedBy area="mapping" />}
        />
      }
      lastChanged={<LastChangedBy area="sync_filter" />}
    />
  );
}

import { type Catalogue, type CatalogueOperation, operationKey } from './catalogue-types';
import { type ActiveScenarios } from './scenario-store';

/** The operations of one screen (or of none), as the panel lists them. */
export interface OperationGroup {
  /** Unique among the groups: the screen's path, or `other`. */
  key: string;
  title: string;
  /** Where the screen is and what it renders (`/dashboard · dashboard`). */
  detail: string;
  operations: CatalogueOperation[];
}

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The contract's operations grouped by the screen that calls them (one operation is in the group
 * of each screen that calls it), then those no screen's code calls, narrowed by a search: every
 * word of the query must appear in the screen's name, path or features, or in the operation's
 * tag, id, method, path, summary, status codes or example names (case-insensitive). Only active:
 * the operations with a scenario.
 */
export function groupOperations(
  catalogue: Catalogue,
  query: string,
  onlyActive: ActiveScenarios | undefined,
): OperationGroup[] {
  const wanted = words(query);
  const tagged = catalogue.tags.flatMap((tag) =>
    tag.operations.map((operation) => ({ tag: tag.name, operation })),
  );
  const textOf = new Map(
    tagged.map(({ tag, operation }) => [
      operation.id,
      [
        tag,
        operation.id,
        operation.method,
        operation.path,
        operation.summary,
        ...operation.responses.flatMap((response) => [
          response.code,
          ...response.examples.map((example) => example.name),
        ]),
      ].join(' '),
    ]),
  );
  const byId = new Map(tagged.map(({ operation }) => [operation.id, operation]));
  const called = new Set(catalogue.screens.flatMap((screen) => screen.operations));

  // Each group with the words that name it, which the search matches besides the operations'.
  const groups: (OperationGroup & { names: string })[] = [
    ...catalogue.screens.map((screen) => ({
      key: screen.path,
      title: screen.name,
      detail: [screen.path === '*' ? 'on every page' : screen.path, ...screen.features].join(' · '),
      operations: screen.operations.flatMap((id) => byId.get(id) ?? []),
      names: [screen.name, screen.path, ...screen.features].join(' '),
    })),
    {
      key: 'other',
      title: 'Other operations',
      detail:
        'called by no screen through the generated client (the token refresh is the transport’s)',
      operations: tagged
        .map(({ operation }) => operation)
        .filter((operation) => !called.has(operation.id)),
      names: 'Other operations',
    },
  ];

  return groups
    .map(({ names, ...group }) => ({
      ...group,
      operations: group.operations.filter((operation) => {
        if (onlyActive && !onlyActive[operationKey(operation)]) return false;
        const text = `${names} ${textOf.get(operation.id) ?? ''}`.toLowerCase();
        return wanted.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.operations.length > 0);
}

import { type CatalogueTag, operationKey } from './catalogue-types';
import { type ActiveScenarios } from './scenario-store';

/**
 * The tags and operations matching a search: every word of the query must appear in the
 * operation's tag, id, method, path, summary or example names (case-insensitive).
 */
export function filterOperations(
  tags: readonly CatalogueTag[],
  query: string,
  onlyActive: ActiveScenarios | undefined,
): CatalogueTag[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return tags
    .map((tag) => ({
      ...tag,
      operations: tag.operations.filter((operation) => {
        if (onlyActive && !onlyActive[operationKey(operation)]) return false;
        const text = [
          tag.name,
          operation.id,
          operation.method,
          operation.path,
          operation.summary,
          ...operation.responses.flatMap((response) => [
            response.code,
            ...response.examples.map((example) => example.name),
          ]),
        ]
          .join(' ')
          .toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((tag) => tag.operations.length > 0);
}

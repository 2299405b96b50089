import { type Query } from '@tanstack/react-query';

import { offeredQueryClients, setChosenScenarioRule } from '../scenario-switcher-queries';
import { type Catalogue, operationKey } from './catalogue-types';
import { createOperationFinder } from './operation-match';
import { type ScenarioStore } from './scenario-store';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The request a generated query key stands for. orval keys a GET by its path (`[path, params?]`)
 * and a POST read as a query by method and path (`['POST', path, body]`); the app writes no key by
 * hand, so any other key is no contract request.
 */
function requestOf(queryKey: readonly unknown[]): { method: string; path: string } | undefined {
  const [first, second] = queryKey;
  if (typeof first === 'string' && first.startsWith('/')) return { method: 'GET', path: first };
  if (typeof first === 'string' && METHODS.has(first) && typeof second === 'string') {
    return { method: first, path: second };
  }
  return undefined;
}

/**
 * Ties the scenarios to the app's queries (the clients offered through
 * scenario-switcher-queries.ts), with the operation matcher the `Prefer` header uses:
 * - a choice refetches at once the active queries of the operations it changed, and marks their
 *   other queries stale, so QA sees the chosen reply without a reload (and the contract's again
 *   when it is cleared);
 * - a failed request of an operation at that path with an active scenario is not retried: the
 *   mock would answer the same, and the back-off would only hold the error back for seconds.
 * Returns what undoes both.
 */
export function linkScenariosToQueries(catalogue: Catalogue, store: ScenarioStore): () => void {
  const findOperation = createOperationFinder(catalogue);
  const keyOf = (method: string, path: string) => {
    const operation = findOperation(path, method);
    return operation && operationKey(operation);
  };

  // The failed request's method is not known here, only its URL: any method's scenario on an
  // operation at that path counts.
  setChosenScenarioRule((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    return Object.keys(store.getSnapshot()).some(
      (key) => keyOf(key.slice(0, key.indexOf(' ')), path) === key,
    );
  });

  const stopFollowing = store.subscribeChoices((keys) => {
    const affected = (query: Query) => {
      const request = requestOf(query.queryKey);
      const key = request && keyOf(request.method, request.path);
      return key !== undefined && keys.has(key);
    };
    for (const client of offeredQueryClients()) {
      void client.invalidateQueries({ predicate: affected });
    }
  });

  return () => {
    stopFollowing();
    setChosenScenarioRule(undefined);
  };
}

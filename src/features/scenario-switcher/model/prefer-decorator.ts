import { type RequestHeadersDecorator } from '@/api/http';

import { type Catalogue, operationKey } from './catalogue-types';
import { createOperationFinder } from './operation-match';
import { type ScenarioStore } from './scenario-store';

/**
 * The transport's header decorator: a request whose operation has an active scenario carries
 * Prism's `Prefer` header. Requests outside the contract, or without a scenario, get nothing.
 */
export function createPreferDecorator(
  catalogue: Catalogue,
  store: ScenarioStore,
): RequestHeadersDecorator {
  const findOperation = createOperationFinder(catalogue);
  return (path, method) => {
    const operation = findOperation(path, method);
    const prefer = operation ? store.take(operationKey(operation)) : undefined;
    return prefer ? { Prefer: prefer } : undefined;
  };
}

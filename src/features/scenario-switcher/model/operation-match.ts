import { type Catalogue, type CatalogueOperation } from './catalogue-types';

interface Matcher {
  operation: CatalogueOperation;
  pattern: RegExp;
  /** Literal characters: the more, the more specific (`/tenants/check-connection/` beats `/tenants/{id}/`). */
  weight: number;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regular expression for a contract path: each `{param}` matches one path segment. */
export function pathPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Finds the contract operation of a concrete request (`GET /api/v1/tenants/7/`): the most
 * specific path template of that method that matches.
 */
export function createOperationFinder(
  catalogue: Catalogue,
): (path: string, method: string) => CatalogueOperation | undefined {
  const matchers: Matcher[] = catalogue.tags
    .flatMap((tag) => tag.operations)
    .map((operation) => ({
      operation,
      pattern: pathPattern(operation.path),
      weight: operation.path.replace(/\{[^}]+\}/g, '').length,
    }))
    .sort((a, b) => b.weight - a.weight);
  return (path, method) => {
    const upper = method.toUpperCase();
    return matchers.find(
      (matcher) => matcher.operation.method === upper && matcher.pattern.test(path),
    )?.operation;
  };
}

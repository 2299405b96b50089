/** The scenario catalogue extracted from openapi.yaml at generate time (extract-catalogue.mjs). */
interface CatalogueExample {
  name: string;
  summary: string;
}

export interface CatalogueResponse {
  /** The HTTP status code, as written in the contract ('200', '401', ...). */
  code: string;
  description: string;
  examples: CatalogueExample[];
}

export interface CatalogueOperation {
  /** The operationId. */
  id: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The contract path, with `{param}` templates. */
  path: string;
  summary: string;
  responses: CatalogueResponse[];
}

export interface CatalogueTag {
  name: string;
  operations: CatalogueOperation[];
}

export interface Catalogue {
  title: string;
  tags: CatalogueTag[];
}

/** The key of an operation in the active scenarios: `POST /api/v1/auth/login/`. */
export function operationKey(operation: { method: string; path: string }): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

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

interface CatalogueTag {
  name: string;
  operations: CatalogueOperation[];
}

/** A screen of the app (a route with a path) and the operations its code calls. */
export interface CatalogueScreen {
  /** The screen's title (`screenHead`), or its path when the route titles itself at run time. */
  name: string;
  /** The route's path (`/dashboard`); `*` for the shell that every screen shows. */
  path: string;
  /** The features the route renders (`dashboard`, `mapper`), which the search matches too. */
  features: string[];
  /** Operation ids, in the contract's order. */
  operations: string[];
}

export interface Catalogue {
  title: string;
  tags: CatalogueTag[];
  /** Which screen calls which operation, read from the routes and what they import. */
  screens: CatalogueScreen[];
}

/** The key of an operation in the active scenarios: `POST /api/v1/auth/login/`. */
export function operationKey(operation: { method: string; path: string }): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

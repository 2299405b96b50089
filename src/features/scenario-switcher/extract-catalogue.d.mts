import type { Catalogue } from './catalogue-types';

/** The scenario catalogue of a parsed OpenAPI document (see extract-catalogue.mjs). */
export function extractCatalogue(doc: unknown): Catalogue;

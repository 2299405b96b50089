import raw from '@generated/scenarios/catalogue.json';

import { type Catalogue } from './catalogue-types';

/** The contract's operations and responses, extracted from openapi.yaml by `npm run generate`. */
export const CATALOGUE: Catalogue = raw;

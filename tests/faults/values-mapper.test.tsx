import { faultMatrix } from './matrix';
import { VALUES_MAPPER } from './screens';

// The values mapper: its filters, the record preview and the field mapping it embeds.
faultMatrix(VALUES_MAPPER);

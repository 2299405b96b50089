import { faultMatrix } from './matrix';
import { DASHBOARD } from './screens';

// The dashboard's loads and its Sync.
faultMatrix(DASHBOARD);

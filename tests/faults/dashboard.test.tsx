import { vi } from 'vitest';

import { faultMatrix } from './matrix';
import { DASHBOARD } from './screens';

vi.mock('@/lib/toaster', () => import('../toaster-spies'));

// The dashboard's loads and its Sync.
faultMatrix(DASHBOARD);

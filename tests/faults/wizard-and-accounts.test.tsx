import { vi } from 'vitest';

import { faultMatrix } from './matrix';
import { ACCOUNTS, WIZARD_SET_UP } from './screens';

vi.mock('@/lib/toaster', () => import('../toaster-spies'));

// The wizard's signed-in steps and Company Settings.
faultMatrix([...WIZARD_SET_UP, ...ACCOUNTS]);

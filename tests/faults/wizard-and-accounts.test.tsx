import { faultMatrix } from './matrix';
import { ACCOUNTS, WIZARD_SET_UP } from './screens';

// The wizard's signed-in steps and Company Settings.
faultMatrix([...WIZARD_SET_UP, ...ACCOUNTS]);

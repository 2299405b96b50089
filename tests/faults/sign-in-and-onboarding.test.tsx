import { faultMatrix } from './matrix';
import { SIGN_IN_AND_ONBOARDING } from './screens';

// The screens before a session: sign-in, password reset, registration, the wizard's first steps.
faultMatrix(SIGN_IN_AND_ONBOARDING);

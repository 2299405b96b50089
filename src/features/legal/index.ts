export { PrivacyPolicyPage } from './privacy-page';
export { TermsPage } from './terms-page';

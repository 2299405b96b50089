export { IncompleteSetupPage } from './incomplete-setup-page';
export { NewAccountPage } from './new-account-page';

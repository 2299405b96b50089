export { AccountsPage } from './accounts-page';

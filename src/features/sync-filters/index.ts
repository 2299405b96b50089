// The page and everything it renders; the route's loader imports `./route-data` instead, so the
// editor (and its calendar) stays in the route's own chunk.
export { SyncSettingsPage } from './sync-settings-page';
export { EditSalesforceConnectionButton } from './components/edit-salesforce-button';

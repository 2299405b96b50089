// The page and everything it renders; the route's loader imports `./values-mapper-queries`
// instead, so the editor (and its calendar) stays in the route's own chunk.
export { ValuesMapperPage } from './values-mapper-page';
export { EditSalesforceConnectionButton } from './components/edit-salesforce-button';

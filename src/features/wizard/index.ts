export { WizardPage } from './wizard-page';

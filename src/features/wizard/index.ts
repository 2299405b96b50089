export { WizardPage, type WizardPageProps } from './wizard-page';

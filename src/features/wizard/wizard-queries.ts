// What the /new-connection route's guard and head need, without the wizard's screens: the step a
// history entry carries, and the title that names it.
export { parseWizardStep, wizardStepName, type WizardStep } from './model/recovery';

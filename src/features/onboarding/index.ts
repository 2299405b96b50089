export { AwsOnboardingPage } from './aws-onboarding-page';

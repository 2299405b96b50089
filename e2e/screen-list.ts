/** Every screen of the route table, signed out and signed in, as the browser suites visit them. */

export interface Screen {
  path: string;
  title: string;
  heading: string;
  /** Where the app lands, when the route redirects. */
  lands?: RegExp;
}

export const SIGNED_OUT: readonly Screen[] = [
  { path: '/login', title: 'User Login', heading: 'User Login' },
  {
    path: '/register/NA/invite-token?name=Grace%20Hopper',
    title: 'New Account',
    heading: 'New Account',
  },
  { path: '/request-reset-password', title: 'Reset your password', heading: 'Reset your password' },
  { path: '/password/reset/NA/reset-token', title: 'Reset Password', heading: 'Reset Password' },
  { path: '/new-account', title: 'Welcome', heading: 'Welcome to AceBridge!' },
  { path: '/new-connection', title: 'Step 1 · Account Authorization', heading: 'Step 1' },
  {
    path: '/',
    title: 'Step 1 · Account Authorization',
    heading: 'Step 1',
    lands: /\/new-connection$/,
  },
  { path: '/incomplete-setup', title: 'Incomplete Setup', heading: 'Account setup' },
  {
    path: '/aws-onboarding',
    title: 'AWS Marketplace Registration',
    heading: 'AWS Marketplace Registration',
  },
  { path: '/privacy-policy', title: 'Privacy Policy', heading: 'Privacy Policy' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions', heading: 'Terms and Conditions' },
  { path: '/no-such-screen', title: 'Page not found', heading: 'Sorry, the page not found.' },
];

export const SIGNED_IN: readonly Screen[] = [
  { path: '/dashboard', title: 'Update Feed', heading: 'Update Feed' },
  { path: '/values-mapper', title: 'Sync Settings', heading: 'Sync Settings' },
  { path: '/accounts', title: 'Company Settings', heading: 'Company Settings' },
  { path: '/activity', title: 'Activity', heading: 'Activity' },
  {
    path: '/invite-user',
    title: 'Company Settings',
    heading: 'Company Settings',
    lands: /\/accounts/,
  },
  // Last: it ends the session.
  { path: '/logout', title: 'User Login', heading: 'User Login', lands: /\/login$/ },
];

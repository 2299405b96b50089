export { LoginPage } from './login-page';
export { LogoutPage } from './logout-page';
export { RegisterPage } from './register-page';
export { RequestResetPage } from './request-reset-page';
export { ResetPasswordPage } from './reset-password-page';

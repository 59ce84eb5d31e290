/** The auth feature's public face: what other features and the app may use. */
export { meQuery } from './auth.api.ts';
export { type BackOffice, BackOfficeContext, useBackOffice } from './back-office-context.ts';
export { LoginPage } from './login-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export {
  forceLogout,
  logout,
  readSession,
  registerBuilderElements,
  setSessionNavigator,
  signOut,
} from './session.ts';

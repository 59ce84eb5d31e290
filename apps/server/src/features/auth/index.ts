/** The auth feature's public face: what other features and the app may use. */
export {
  addressKey,
  clearSignInFailures,
  customerAccount,
  passSignInGate,
  recordSignInFailure,
  SIGN_IN_POLICY,
  type SignInPolicy,
} from './sign-in-protection.ts';

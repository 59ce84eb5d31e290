/** The profile feature's public face: what other features and the app may use. */
export { ChangePasswordForm } from './change-password-form.tsx';
export { ProfilePage } from './profile-page.tsx';

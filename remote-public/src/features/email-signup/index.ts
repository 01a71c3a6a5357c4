// What the email-signup feature offers the rest of the site: the popup the app mounts with the
// layout (its timer and rules only: the dialog loads when it opens), the form the footer shows,
// and the `/email-blast-signup` page, loaded on demand as a chunk of its own.
export { default as EmailPopup } from './EmailPopup';
export { EmailSignupForm } from './EmailSignupForm';
export const loadEmailSignupPage = () => import('./EmailSignupPage');

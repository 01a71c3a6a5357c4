// What the email-alerts feature offers the rest of the site: the button that opens the
// subscription form in a dialog (deals list, deal page, footer; the form loads on first use), and
// the pages behind the links in the mails, each loaded on demand as a chunk of its own.
export { EmailAlertsButton } from './EmailAlertsButton';
export const loadEmailAlertConfirmPage = () => import('./ConfirmPage');
export const loadEmailAlertManagePage = () => import('./ManagePage');

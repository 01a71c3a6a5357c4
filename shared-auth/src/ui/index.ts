// antd pieces shared by the admin screens of the shell and every admin remote. Bundled into each
// consumer (only `@deals/shared-auth` itself is a singleton); the state they draw is the singleton's.
export { FeedbackHost } from './FeedbackHost';
export { FormModal } from './FormModal';
export { TextField, PasswordField, PhoneField, SwitchField, maskPhone, PHONE_MASK } from './fields';
export { applyServerErrors, saveForm } from './forms';

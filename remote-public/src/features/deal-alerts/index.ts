// What the deal-alerts feature offers the rest of the site: the footer's button, whether alerts
// are on in this browser (shared by everything that depends on it), turning them on from another
// control and what that rejects with when the browser refuses, and registering the browser's
// subscription again when the server has forgotten it.
export { DealAlerts } from './DealAlerts';
export { checkAlertState, publishAlertSubscription, resetAlertState, turnOnAlerts, useAlertState } from './alertState';
export { registerSubscription } from './api';
export { DealAlertsError } from './errors';

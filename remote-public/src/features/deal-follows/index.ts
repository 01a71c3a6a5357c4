// What the deal-follows feature offers the rest of the site: the deals list shows the Follow bar
// for its search and stores, the footer the "Manage alerts" panel.
export { FollowBar } from './FollowBar';
export { ManageAlerts } from './ManageAlerts';

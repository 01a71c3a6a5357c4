/** Push notification history, devices and email-blast subscribers. */
export {};

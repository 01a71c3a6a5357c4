// The notification consoles' addresses (the shell mounts this remote under /admin/push-notification).
export const HISTORY_PATH = '/admin/push-notification/history';
export const EMAIL_SENDS_PATH = '/admin/push-notification/email-sends';

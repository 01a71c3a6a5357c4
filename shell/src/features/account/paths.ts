export const SECURITY_PATH = '/admin/account/security';

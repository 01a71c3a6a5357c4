// Standalone entry for development; the shell loads ./App through remoteEntry.js instead.
void import('./bootstrap');

// Shared modules are negotiated asynchronously: the app starts behind this one dynamic import.
void import('./bootstrap');

// The server bundle renders HTML only: stylesheets reach the browser from the browser build, so
// on the server a CSS import is an empty module.
module.exports = function emptyModule() {
  return 'export {};';
};

// What the home feature offers the app: the home page, bundled with the app because it is the
// usual landing page (see App.tsx).
export { default as HomePage } from './HomePage';

// What the review queue offers the other catalog screens: the address of a feed's pending offers.
export { feedReviewPath } from './paths';

/** Staff users, sign-in and sessions (`Users/…`). */
export {};

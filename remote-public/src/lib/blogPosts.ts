import type { BlogPost } from '@deals/contract';
import { onePerPage } from './onePerPage';

const blogPosts = onePerPage<BlogPost[]>({ method: 'GET', path: 'Home/GetBlogPosts' }, [], (list) => (Array.isArray(list) ? (list as BlogPost[]) : []));

/** Active blogs, newest first (`Home/GetBlogPosts`), fetched once per page load; a failure answers [] (spec 000 §8). */
export const fetchBlogPosts = blogPosts.get;
/** Forget the cached list (tests). */
export const resetBlogPosts = blogPosts.reset;
/** The blog posts: undefined while loading. */
export const useBlogPosts = blogPosts.use;

const parse = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** True when the blog was added on today's local calendar day (the New badge). */
export function isAddedToday(addedOn: string, now: Date = new Date()): boolean {
  const date = parse(addedOn);
  return !!date && date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
}

/** The blog date as MM/DD/YYYY (the spec's date format), local time; empty when unreadable. */
export function formatBlogDate(addedOn: string): string {
  const date = parse(addedOn);
  if (!date) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

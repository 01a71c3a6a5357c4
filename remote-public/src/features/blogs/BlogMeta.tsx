import type { BlogPost } from '@deals/contract';
import { formatBlogDate, isAddedToday } from '../../lib/blogPosts';
import './blogs.css';

/** Date, `By: {author}` and the New badge of a blog added today (spec 000 §2). */
export function BlogMeta({ post }: { post: Pick<BlogPost, 'addedOn' | 'addedBy'> }) {
  return (
    <p className="blog-meta">
      <time dateTime={post.addedOn}>{formatBlogDate(post.addedOn)}</time>
      {post.addedBy && <span>By: {post.addedBy}</span>}
      {isAddedToday(post.addedOn) && <span className="blog-meta__new">New</span>}
    </p>
  );
}

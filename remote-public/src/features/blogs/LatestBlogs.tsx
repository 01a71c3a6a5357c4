import { Link } from 'react-router-dom';
import { ImageCard } from '../../components/content/ImageCard';
import { useBlogPosts } from '../../lib/blogPosts';
import { BlogMeta } from './BlogMeta';

/** The home page's side list: the 4 latest blogs (spec 000 §2, §9), or No Blogs Available. */
export function LatestBlogs() {
  const posts = useBlogPosts();
  return (
    <section className="latest-blogs" aria-labelledby="latest-blogs-title">
      <div className="latest-blogs__head">
        <h2 id="latest-blogs-title">Latest Blogs</h2>
        <Link to="/blogs-and-reviews">All Blog Posts</Link>
      </div>
      {posts === undefined ? (
        <div className="latest-blogs__loading" role="status">
          <span className="visually-hidden">Loading…</span>
        </div>
      ) : posts.length ? (
        <ul className="latest-blogs__list">
          {posts.slice(0, 4).map((post) => (
            <li key={post.id}>
              <ImageCard filePath={post.bannerImageFilePath} title={post.name} to={post.url} level={3} sizes="(max-width: 640px) 100vw, 320px">
                <BlogMeta post={post} />
              </ImageCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No Blogs Available</p>
      )}
    </section>
  );
}

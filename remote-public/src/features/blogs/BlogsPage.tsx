import { useId, useState } from 'react';
import { simpleHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { ImageCard } from '../../components/content/ImageCard';
import { useSiteInfo } from '../../lib/siteInfo';
import { useBlogPosts } from '../../lib/blogPosts';
import { BlogMeta } from './BlogMeta';

/** `/blogs-and-reviews`: every active blog, newest first, with a client-side search on the name. */
export default function BlogsPage() {
  const info = useSiteInfo();
  const posts = useBlogPosts();
  const [term, setTerm] = useState('');
  const searchId = useId();
  const company = info?.companyName || 'DealDrop';
  useHead(simpleHead(useSeoSite(), { path: '/blogs-and-reviews', title: 'Blog Posts', description: `Shopping guides, savings tips and deal reviews from ${company}.` }));
  const needle = term.trim().toLowerCase();
  const shown = posts?.filter((post) => post.name.toLowerCase().includes(needle));

  return (
    <section className="blogs">
      <h1 className="page-title">Blog Posts</h1>
      <div className="blogs__search">
        <label htmlFor={searchId} className="visually-hidden">
          Search blogs by name
        </label>
        <input id={searchId} className="input" type="search" placeholder="Search blogs" value={term} onChange={(event) => setTerm(event.target.value)} />
      </div>
      {shown === undefined ? (
        <div className="blogs__loading" role="status">
          <span className="visually-hidden">Loading…</span>
        </div>
      ) : shown.length ? (
        <ul className="blogs__list">
          {shown.map((post, i) => (
            <li key={post.id}>
              <ImageCard filePath={post.bannerImageFilePath} title={post.name} to={post.url} text={post.description} layout="row" eager={i === 0}>
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

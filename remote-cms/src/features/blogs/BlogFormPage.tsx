import { useParams } from 'react-router-dom';
import { DocumentFormPage } from '../../components/document';
import { BLOG_KIND } from './blogKind';

/** `/cms/management/blog` (New Blog) and `/cms/management/blog/edit/:blogId` (Blog Details). */
export default function BlogFormPage() {
  const { blogId } = useParams();
  return <DocumentFormPage kind={BLOG_KIND} id={blogId} />;
}

import { useParams } from 'react-router-dom';
import { DocumentFormPage } from '../../components/document';
import { PAGE_KIND } from './pageKind';

/** `/cms/management/page` (New Page) and `/cms/management/page/edit/:pageId` (Page Details). */
export default function PageFormPage() {
  const { pageId } = useParams();
  return <DocumentFormPage kind={PAGE_KIND} id={pageId} />;
}

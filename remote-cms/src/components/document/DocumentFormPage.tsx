import { Link, useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { PageHeader, recordId, recordProblem, RecordSpinner, useRecord } from '@deals/shared-auth/ui';
import { DocumentContent } from './DocumentContent';
import { DocumentForm } from './DocumentForm';
import { editableSnapshot } from './editorial';
import { PublishingBar } from './PublishingBar';
import type { DocumentKind } from './kind';

/** What `/preview` (remote-public PreviewPage) reads from the router state. */
export interface PreviewState {
  url: string;
  title: string;
  id: number;
  isBlog: boolean;
}

export const PREVIEW_PATH = '/preview';

function ReturnToListing({ kind }: { kind: DocumentKind }) {
  return (
    <Link to={kind.paths.list}>
      <ArrowLeftOutlined /> Return to Listing
    </Link>
  );
}

function NotFound({ kind }: { kind: DocumentKind }) {
  return <Result status="404" title={kind.texts.notFound} subTitle="It may have been removed." extra={<ReturnToListing kind={kind} />} />;
}

/**
 * An existing page or blog: Preview (its draft, through GetPagePreview), the publishing bar, its
 * form (the draft), then its content (reloaded when they change).
 */
function EditDocument({ kind, id }: { kind: DocumentKind; id: number }) {
  const navigate = useNavigate();
  const handle = useRecord(kind.api.get, id);
  const problem = recordProblem(handle, { noun: kind.texts.noun.toLowerCase(), notFound: <NotFound kind={kind} />, back: <ReturnToListing kind={kind} /> });
  if (problem) return problem;
  const { loaded, reload } = handle;
  const record = loaded.state === 'ready' ? loaded.record : null;
  const preview = () => {
    if (!record) return;
    // The preview shows the draft: its url and title too.
    const shown = editableSnapshot(record);
    const state: PreviewState = { url: shown.url, title: shown.title || shown.name, id: record.id, isBlog: kind.isBlog };
    void navigate(PREVIEW_PATH, { state });
  };

  return (
    <>
      <PageHeader
        title={kind.texts.editTitle}
        extra={
          <Button icon={<EyeOutlined />} onClick={preview} disabled={!record}>
            {kind.texts.previewButton}
          </Button>
        }
      />
      {record ? (
        <>
          <PublishingBar kind={kind} record={record} onChanged={reload} />
          <DocumentForm kind={kind} record={record} onChanged={reload}>
            <DocumentContent kind={kind} record={record} onChanged={reload} />
          </DocumentForm>
        </>
      ) : (
        <RecordSpinner noun={kind.texts.noun.toLowerCase()} />
      )}
    </>
  );
}

/**
 * The page or blog form screen: `/page` or `/blog` (new, `id` undefined) and their
 * `/edit/:id` routes (spec 2 §2). Keyed by id, so moving between records starts a fresh form.
 */
export function DocumentFormPage({ kind, id }: { kind: DocumentKind; id: string | undefined }) {
  if (id === undefined)
    return (
      <>
        <PageHeader title={kind.texts.newTitle} />
        <DocumentForm kind={kind} />
      </>
    );
  const numeric = recordId(id);
  if (numeric === null) return <NotFound kind={kind} />;
  return <EditDocument key={numeric} kind={kind} id={numeric} />;
}

import type { JSX, ReactNode } from 'react';
import { Button } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { FormFooter } from '@deals/shared-auth/ui';

export interface DraftPublishFooterProps {
  /** An existing record: Save Draft and Publish. A new one: its create button alone, as primary. */
  editing: boolean;
  /** The new record's button. */
  createLabel?: string;
  /** The form's values are valid (Save waits for it). */
  valid: boolean;
  /** The form has unsaved edits (Publish then also waits for them to be valid). */
  dirty?: boolean;
  /** A save is under way. */
  submitting: boolean;
  /** A publish is under way. */
  publishing?: boolean;
  /** No draft, no unsaved edit, already public: Publish says there is nothing to publish. */
  nothingToPublish?: boolean;
  onPublish?: () => void;
  onCancel: () => void;
  /** The form the save button submits, when the footer stands outside it. */
  formId?: string;
  /** Shown first, at the footer's start (a Return to Listing link). */
  start?: ReactNode;
}

/**
 * The draft/publish editors' footer (pages, blogs, content sections, banners): Cancel, then Save
 * Draft, which keeps the edits without touching the public site, and Publish, which puts them on
 * it; a new record has only its create button.
 */
export function DraftPublishFooter({ editing, createLabel = 'Create', valid, dirty = false, submitting, publishing = false, nothingToPublish = false, onPublish, onCancel, formId, start }: DraftPublishFooterProps): JSX.Element {
  const busy = submitting || publishing;
  return (
    <FormFooter>
      {start}
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {/* "Save Draft", not "Save Changes": it no longer changes the public site, and it sits next to Publish, which does. */}
      <Button type={editing ? 'default' : 'primary'} htmlType="submit" form={formId} disabled={!valid || busy} loading={submitting && !publishing}>
        {editing ? 'Save Draft' : createLabel}
      </Button>
      {editing && (
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          onClick={() => onPublish?.()}
          disabled={busy || nothingToPublish || (dirty && !valid)}
          loading={publishing}
          title={nothingToPublish ? 'There are no changes to publish.' : undefined}
        >
          Publish
        </Button>
      )}
    </FormFooter>
  );
}

import { useState, type JSX } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, DatePicker, Drawer, Flex, Input, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { CalendarOutlined, CopyOutlined, HistoryOutlined, LinkOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '@deals/shared-auth';
import { FormField, FormModal, RevisionHistory, saveForm } from '@deals/shared-auth/ui';
import type { EditorialState, MessageResponse, PreviewLink, RevisionRecordType, ScheduleBody } from '@deals/contract';
import { DATE_TIME_FORMAT, formatDateTime } from '../document/format';
import './publishing-bar.css';

// Drafts and publishing: the editorial state of a page, blog, content section or banner above its form
// (published, changes not published, unpublished, scheduled) and what can be done with it besides
// Save Draft and Publish (the form's footer): Discard Changes, Unpublish, Schedule…, Share Preview
// Link (pages and blogs) and History.

/** The record's editorial calls, its id already bound. */
export interface EditorialCalls {
  publish: () => Promise<MessageResponse>;
  unpublish: () => Promise<MessageResponse>;
  discardDraft: () => Promise<MessageResponse>;
  schedule: (body: ScheduleBody) => Promise<MessageResponse>;
  /** Pages and blogs only: the Share Preview Link button shows when given. */
  createPreviewLink?: () => Promise<PreviewLink>;
}

export interface PublishingBarProps {
  /** Lower-case noun for texts: 'page', 'blog', 'content section', 'banner'. */
  noun: string;
  recordType: RevisionRecordType;
  recordId: number;
  /** The published record's isActive. */
  isActive: boolean;
  editorial: EditorialState;
  calls: EditorialCalls;
  historyLabels: Record<string, string>;
  richTextFields?: string[];
  formatValue?: (field: string, value: unknown) => string | undefined;
  /** Reloads the record (and the form) after the state changed. */
  onChanged: () => void;
}

/** 'content section' → 'Content Section' (dialog titles). */
const titleCase = (noun: string) => noun.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
/** 'content section' → 'Content section' (the history drawer's title). */
const sentenceCase = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** The status tags: Published / Changes not published / Unpublished, and the schedules. */
export function EditorialTags({ noun, isActive, editorial }: { noun: string; isActive: boolean; editorial: EditorialState }): JSX.Element {
  return (
    <Flex wrap gap={8} align="center" className="publishing-bar__state">
      {isActive && !editorial.hasDraft && (
        <Tag className="editorial-tag" color="green" title={editorial.publishedAt ? `Published ${formatDateTime(editorial.publishedAt)}` : `The site shows this ${noun}`}>
          Published
        </Tag>
      )}
      {!isActive && (
        <Tag color="default" title={`The site does not show this ${noun}`}>
          Unpublished
        </Tag>
      )}
      {editorial.hasDraft && <Tag className="editorial-tag" color="gold">Changes not published</Tag>}
      {editorial.hasDraft && (editorial.draftSavedBy || editorial.draftSavedAt) && (
        <Typography.Text type="secondary" className="publishing-bar__saved">
          saved{editorial.draftSavedBy ? ` by ${editorial.draftSavedBy}` : ''}
          {editorial.draftSavedAt ? (
            <>
              {' at '}
              <time dateTime={editorial.draftSavedAt}>{formatDateTime(editorial.draftSavedAt)}</time>
            </>
          ) : null}
        </Typography.Text>
      )}
      {editorial.publishAt && (
        <Tag className="editorial-tag" color="blue" icon={<CalendarOutlined />}>
          Scheduled to publish {formatDateTime(editorial.publishAt)}
        </Tag>
      )}
      {editorial.unpublishAt && (
        <Tag className="editorial-tag" color="orange" icon={<CalendarOutlined />}>
          Scheduled to unpublish {formatDateTime(editorial.unpublishAt)}
        </Tag>
      )}
    </Flex>
  );
}

/** Tags for list rows: "Changes not published" and "Scheduled" (tooltip with dates); renders nothing when neither applies. */
export function ListEditorialTags({ hasDraft, publishAt, unpublishAt }: { hasDraft?: boolean; publishAt?: string | null; unpublishAt?: string | null }): JSX.Element | null {
  const schedule = [publishAt && `Publishes ${formatDateTime(publishAt)}`, unpublishAt && `Unpublishes ${formatDateTime(unpublishAt)}`].filter(Boolean).join(' · ');
  if (!hasDraft && !schedule) return null;
  return (
    <Flex wrap gap={4} style={{ marginTop: 4 }}>
      {hasDraft && (
        <Tag className="editorial-tag" color="gold" style={{ marginInlineEnd: 0 }}>
          Changes not published
        </Tag>
      )}
      {schedule && (
        <Tooltip title={schedule}>
          <Tag className="editorial-tag" color="blue" icon={<CalendarOutlined />} style={{ marginInlineEnd: 0 }} tabIndex={0}>
            Scheduled<span className="publishing-list__sr">: {schedule}</span>
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

interface ScheduleValues {
  publishAt: Dayjs | null;
  unpublishAt: Dayjs | null;
}

/** The date-time input of the deal form: MM/DD/YYYY HH:mm, minute steps, clearable; no past days. */
function DateTimeInput({ id, value, onChange, invalid }: { id: string; value: Dayjs | null; onChange: (value: Dayjs | null) => void; invalid: boolean }) {
  return (
    <DatePicker
      id={id}
      value={value}
      onChange={(next) => onChange(next ?? null)}
      showTime={{ format: 'HH:mm', minuteStep: 1 }}
      format={DATE_TIME_FORMAT}
      placeholder="MM/DD/YYYY HH:mm"
      allowClear
      disabledDate={(day) => day.isBefore(dayjs(), 'day')}
      status={invalid ? 'error' : undefined}
      style={{ width: '100%' }}
    />
  );
}

/** Schedule…: publish at one instant, unpublish at another; a cleared one is no schedule. */
function ScheduleModal({ noun, editorial, schedule, onClose }: { noun: string; editorial: EditorialState; schedule: EditorialCalls['schedule']; onClose: (saved: boolean) => void }) {
  const { control, handleSubmit, formState, setError } = useForm<ScheduleValues>({
    defaultValues: {
      publishAt: editorial.publishAt ? dayjs(editorial.publishAt) : null,
      unpublishAt: editorial.unpublishAt ? dayjs(editorial.unpublishAt) : null,
    },
  });
  const submit = handleSubmit(async ({ publishAt, unpublishAt }) => {
    const saved = await saveForm({
      call: () => schedule({ publishAt: publishAt?.toISOString() ?? null, unpublishAt: unpublishAt?.toISOString() ?? null }),
      setError,
      fields: ['publishAt', 'unpublishAt'],
      failureState: 'warning',
    });
    if (saved) onClose(true);
  });
  return (
    <FormModal title={`Schedule ${titleCase(noun)}`} okText="Save" valid submitting={formState.isSubmitting} unsaved={formState.isDirty} onSubmit={() => void submit()} onCancel={() => onClose(false)}>
      <Typography.Paragraph type="secondary">
        Publish the {noun}&apos;s changes, or take it off the site, at a date and time of your time zone. Clear a field to cancel its schedule.
      </Typography.Paragraph>
      <FormField control={control} name="publishAt" label="Publish at">
        {({ field, id, invalid }) => <DateTimeInput id={id} value={field.value} onChange={field.onChange} invalid={invalid} />}
      </FormField>
      <FormField control={control} name="unpublishAt" label="Unpublish at">
        {({ field, id, invalid }) => <DateTimeInput id={id} value={field.value} onChange={field.onChange} invalid={invalid} />}
      </FormField>
    </FormModal>
  );
}

/** The shareable link to the draft, with Copy and when it expires. */
function PreviewLinkModal({ noun, link, onClose }: { noun: string; link: PreviewLink; onClose: () => void }) {
  const url = `${window.location.origin}${link.path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.warning('The link could not be copied: select it and copy it by hand.');
    }
  };
  return (
    <Modal
      open
      title="Share Preview Link"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Typography.Paragraph>
        Anyone with this link can see the {noun}&apos;s saved changes without signing in, until it expires. Unsaved edits are not in it.
      </Typography.Paragraph>
      <Space.Compact block>
        <Input readOnly value={url} aria-label="Preview link" onFocus={(event) => event.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        Expires <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * The bar above an editor's form (edit mode): the record's status and Discard Changes (with a
 * draft), Unpublish (while public), Schedule…, Share Preview Link (when the record has preview
 * links) and History. Each action reloads the record, which resets the form to the new draft.
 */
export function PublishingBar({ noun, recordType, recordId, isActive, editorial, calls, historyLabels, richTextFields, formatValue, onChanged }: PublishingBarProps): JSX.Element {
  const [scheduling, setScheduling] = useState(false);
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [sharing, setSharing] = useState(false);
  const [history, setHistory] = useState(false);
  const { createPreviewLink } = calls;

  /** Runs one of the bar's calls: its message as a success toast, a failure as a warning; then reloads. */
  const run = async (call: () => Promise<MessageResponse>) => {
    try {
      const { message } = await call();
      toast.success(message);
      onChanged();
    } catch (error) {
      toast.failure(error, 'warning');
    }
  };

  const share = async () => {
    if (!createPreviewLink) return;
    setSharing(true);
    try {
      setLink(await createPreviewLink());
    } catch (error) {
      toast.failure(error, 'warning');
    } finally {
      setSharing(false);
    }
  };

  const restored = () => {
    setHistory(false);
    onChanged();
  };

  return (
    <Card size="small" className="publishing-bar" role="region" aria-label="Publishing">
      <Flex wrap gap={8} align="center" justify="space-between">
        <EditorialTags noun={noun} isActive={isActive} editorial={editorial} />
        <Flex wrap gap={8} className="publishing-bar__actions">
          {editorial.hasDraft && (
            <Popconfirm
              title="Discard the unpublished changes?"
              description={`The editor goes back to the published ${noun}.`}
              okText="Discard"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => run(calls.discardDraft)}
            >
              <Button icon={<RollbackOutlined />}>Discard Changes</Button>
            </Popconfirm>
          )}
          {isActive && (
            <Popconfirm
              title={`Unpublish this ${noun}?`}
              description={`The site stops showing it; its unpublished changes stay.`}
              okText="Unpublish"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => run(calls.unpublish)}
            >
              <Button icon={<StopOutlined />}>Unpublish</Button>
            </Popconfirm>
          )}
          <Button icon={<CalendarOutlined />} onClick={() => setScheduling(true)}>
            Schedule…
          </Button>
          {createPreviewLink && (
            <Button icon={<LinkOutlined />} onClick={() => void share()} loading={sharing}>
              Share Preview Link
            </Button>
          )}
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            History
          </Button>
        </Flex>
      </Flex>

      {scheduling && (
        <ScheduleModal
          noun={noun}
          editorial={editorial}
          schedule={calls.schedule}
          onClose={(saved) => {
            setScheduling(false);
            if (saved) onChanged();
          }}
        />
      )}
      {link && <PreviewLinkModal noun={noun} link={link} onClose={() => setLink(null)} />}
      <Drawer title={`${sentenceCase(noun)} history`} open={history} onClose={() => setHistory(false)} width={560} rootClassName="publishing-history" destroyOnHidden>
        <RevisionHistory recordType={recordType} recordId={recordId} fieldLabels={historyLabels} richTextFields={richTextFields} formatValue={formatValue} onRestored={restored} />
      </Drawer>
    </Card>
  );
}

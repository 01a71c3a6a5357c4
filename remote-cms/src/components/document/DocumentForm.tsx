import { useId, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { confirmAction, toast, useUnsavedChanges } from '@deals/shared-auth';
import { ColorField, FormField, formConflict, ImageUploadField, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { CMS_LIMITS } from '@deals/contract/page-rules';
import { DraftPublishFooter, usePublish } from '../publishing';
import type { Page } from './api';
import { editableSnapshot, editorialOf } from './editorial';
import type { DocumentKind } from './kind';
import { documentSchema, initialValues, toFields, type DocumentFormValues } from './schema';

/** Fields whose server messages (400 `errors`) go under the field. */
const FORM_FIELDS: FieldPath<DocumentFormValues>[] = ['name', 'title', 'url', 'isActive', 'isBannerVisible', 'bannerColor', 'keywords', 'description', 'bannerImage'];

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  title: 'Title',
  url: 'URL',
  isActive: 'Is Active?',
  isBannerVisible: 'Show banner',
  bannerColor: 'Banner Color',
  keywords: 'Keywords',
  description: 'Description',
};

interface DocumentFormProps {
  kind: DocumentKind;
  /** The saved record (edit mode); absent for a new one. */
  record?: Page;
  /** Reloads the record (after a draft was saved or published, or its banner image was removed). */
  onChanged?: () => void;
  /** Shown between the form and its footer (the Page or Blog Content of an existing one). */
  children?: ReactNode;
}

/**
 * The page or blog form (spec 2 §2, §5): Basic Information, the banner and SEO, with the footer's
 * Cancel and Return to Listing. A new one is created (and published, as before) and goes on to its
 * edit screen. An existing one edits its draft (the published fields when there is none):
 * Save Draft keeps the edits without touching the public site and stays here; Publish saves any
 * unsaved edits as the draft first, then publishes it.
 */
export function DocumentForm({ kind, record, onChanged, children }: DocumentFormProps) {
  const { texts, limits, paths, api } = kind;
  const navigate = useNavigate();
  const formId = useId();
  const editing = record !== undefined;
  const schema = useMemo(() => documentSchema(kind), [kind]);
  // What the editor edits: the draft when there is one. A reload that brings other values (after
  // Save Draft, Publish, Discard or a restored revision) resets the form to them; one that brings
  // the same values (the content changed) keeps what is being typed.
  const snapshot = record ? editableSnapshot(record) : undefined;
  const startValues = useMemo(() => initialValues(snapshot), [snapshot]);
  const form = useForm<DocumentFormValues>({
    resolver: yupResolver(schema),
    mode: 'onTouched',
    defaultValues: startValues,
    values: startValues,
  });
  const { control, handleSubmit, formState, reset, setError, setValue, clearErrors } = form;
  // Someone else saved the draft or published meanwhile: the latest draft next to the editor's values.
  const conflict = formConflict(form, (latest: Page) => initialValues(editableSnapshot(latest)), { labels: FIELD_LABELS, skip: ['bannerImage'] });
  const pickedImage = useWatch({ control, name: 'bannerImage' });
  const { publishing, publish: runPublish } = usePublish();

  /** Saves the form as the draft; resolves whether it saved (invalid: the fields say why). */
  const saveDraft = (id: number) =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        async (values) => {
          const saved = await saveForm({ call: () => api.saveDraft(id, toFields(values, kind.hasTitle)), setError, fields: FORM_FIELDS, failureState: 'warning', conflict });
          // The saved draft is the form's baseline: nothing unsaved while the editor reloads it.
          if (saved) reset(values);
          resolve(saved);
        },
        () => resolve(false),
      )();
    });

  const submit = handleSubmit(async (values) => {
    const fields = toFields(values, kind.hasTitle);
    if (record) {
      const saved = await saveForm({ call: () => api.saveDraft(record.id, fields), setError, fields: FORM_FIELDS, failureState: 'warning', conflict });
      if (saved) {
        reset(values);
        onChanged?.();
      }
      return;
    }
    let createdId: number | undefined;
    const call = async () => {
      const created = await api.create(fields);
      createdId = created.id;
      return created;
    };
    const saved = await saveForm({ call, setError, fields: FORM_FIELDS, failureState: 'warning' });
    if (saved && createdId !== undefined) void navigate(paths.edit(createdId));
  });

  /** Publish: unsaved edits are saved as the draft first; then the draft goes public. */
  const publish = async () => {
    if (!record) return;
    await runPublish({ saveDraft: formState.isDirty ? () => saveDraft(record.id) : undefined, publish: () => api.publish(record.id), onChanged });
  };

  const removeBannerImage = async () => {
    if (!record) return;
    const removed = await confirmAction({
      title: 'Remove Banner Image',
      text: `Remove the banner image of the ${texts.noun.toLowerCase()} "${record.name}"? It comes off the site at once, and off the draft.`,
      rightBtnText: 'Remove',
      failureState: 'warning',
      action: async () => {
        const { message } = await api.removeBannerImage(record.id);
        toast.success(message);
      },
    });
    if (removed) onChanged?.();
  };

  const storedImage = snapshot?.bannerImageFilePath ?? null;
  // DeleteBannerImage clears the published image only: while a draft is open, removing it there
  // would not change what the editor shows, so the button waits for Publish or Discard.
  const hasDraft = record ? editorialOf(record).hasDraft : false;
  const busy = formState.isSubmitting || publishing;
  // Nothing to publish: no draft, no unsaved edit, already public (the server would refuse).
  const nothingToPublish = record !== undefined && !formState.isDirty && !hasDraft && record.isActive;
  // Typed but not saved as the draft: leaving asks first (a save under way goes through).
  useUnsavedChanges(formState.isDirty && !busy);

  return (
    <>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? texts.editTitle : texts.newTitle}>
        <Form layout="vertical" component="div">
          <Card title="Basic Information">
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <TextField control={control} name="name" label={texts.nameLabel} required autoComplete="off" maxLength={limits.name} />
              </Col>
              {kind.hasTitle && (
                <Col xs={24} md={12}>
                  <TextField control={control} name="title" label="Title" autoComplete="off" maxLength={LIMITS.page.title} />
                </Col>
              )}
              <Col xs={24} md={12}>
                <TextField control={control} name="url" label="Url" required autoComplete="off" maxLength={limits.url} placeholder="/about-us" extra="Begins with /, e.g. /about-us. It must not be used by another page or blog." />
              </Col>
              <Col xs={24} md={12}>
                <SwitchField control={control} name="isActive" label="Is Active?" />
              </Col>
            </Row>
          </Card>

          <Card title={texts.bannerSection} style={{ marginTop: 24 }}>
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <SwitchField control={control} name="isBannerVisible" label="Is Banner Visible?" />
              </Col>
              <Col xs={24} md={12}>
                <ColorField control={control} name="bannerColor" label="Banner Color" maxLength={limits.bannerColor} />
              </Col>
              <Col xs={24}>
                <Controller
                  control={control}
                  name="bannerImage"
                  render={({ field, fieldState }) => (
                    <ImageUploadField
                      label="Banner Image"
                      file={field.value ?? null}
                      onChange={(file) => {
                        field.onChange(file);
                        clearErrors('bannerImage');
                      }}
                      currentPath={storedImage}
                      error={fieldState.error?.message}
                      extra="JPEG, PNG, WebP or GIF, at most 10 MB."
                    />
                  )}
                />
                <Flex gap={8} wrap style={{ marginTop: -8, marginBottom: 16 }}>
                  {pickedImage && (
                    <Button size="small" onClick={() => setValue('bannerImage', null)}>
                      Discard new image
                    </Button>
                  )}
                  {/* Removes it from the public page and from the draft alike (DeleteBannerImage). */}
                  {storedImage && (
                    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void removeBannerImage()}>
                      Remove image
                    </Button>
                  )}
                </Flex>
              </Col>
            </Row>
          </Card>

          <Card title="SEO" style={{ marginTop: 24 }}>
            <FormField control={control} name="keywords" label="Keywords" extra="Comma-separated words search engines may match.">
              {({ field, id, invalid }) => (
                <Input.TextArea id={id} {...field} value={field.value ?? ''} maxLength={limits.keywords} showCount autoSize={{ minRows: 2, maxRows: 6 }} aria-invalid={invalid || undefined} />
              )}
            </FormField>
            <FormField control={control} name="description" label="Description" extra="Plain text shown by search engines under the title.">
              {({ field, id, invalid }) => (
                <Input.TextArea id={id} {...field} value={field.value ?? ''} maxLength={CMS_LIMITS.pageDescription} autoSize={{ minRows: 3, maxRows: 8 }} aria-invalid={invalid || undefined} />
              )}
            </FormField>
          </Card>
        </Form>
      </form>

      {children}

      <DraftPublishFooter
        editing={editing}
        createLabel={texts.createButton}
        valid={formState.isValid}
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        publishing={publishing}
        nothingToPublish={nothingToPublish}
        onPublish={() => void publish()}
        onCancel={() => void navigate(paths.list)}
        formId={formId}
        start={
          <Link to={paths.list} style={{ marginRight: 'auto', alignSelf: 'center' }}>
            <ArrowLeftOutlined /> Return to Listing
          </Link>
        }
      />
    </>
  );
}

import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { Card, Col, Flex, Form, Input, Result, Row } from 'antd';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { CONTENT_SECTION_PICKER_TYPES, DESCRIPTION_OPTIONAL_TYPES, IMAGE_OPTIONAL_TYPES, TITLE_OPTIONAL_TYPES } from '@deals/contract/section-rules';
import { toast, useUnsavedChanges } from '@deals/shared-auth';
import { FormField, PageHeader, recordId, recordProblem, RecordSpinner, formConflict, saveForm, SwitchField, TextField, useRecord } from '@deals/shared-auth/ui';
import { assignToOrigin, originFields, originFromParams, originOf, originPath, type Origin } from '../../components/section-fields/origin';
import { contentSectionEditPath, SECTIONS_LIST_PATH } from '../../components/section-fields/paths';
import {
  SectionButtonsFields,
  SectionImageField,
  SectionLayoutFields,
  SectionRichTextField,
  SectionTypeField,
} from '../../components/section-fields/SectionFields';
import {
  blankSection,
  contentSectionSchema,
  fromContentSection,
  imageMissing,
  SECTION_FIELDS,
  sectionResolver,
  type SectionFormValues,
} from '../../components/section-fields/sectionForm';
import { ReturnLinks } from '../../components/section-fields/ReturnLinks';
import { DraftPublishFooter, PublishingBar, usePublish, type EditorialCalls } from '../../components/publishing';
import {
  createContentSection,
  discardContentSectionDraft,
  fetchContentSection,
  publishContentSection,
  saveContentSectionDraft,
  scheduleContentSection,
  unpublishContentSection,
  type ContentSectionDetail,
} from './api';
import {
  CONTENT_SECTION_HISTORY_LABELS,
  CONTENT_SECTION_RICH_TEXT_FIELDS,
  contentSectionFields,
  editableSection,
  formatSectionHistoryValue,
  sectionEditorialOf,
} from './contentSectionFields';
import './content-section-form.css';

const CS = LIMITS.contentSection;

interface ContentSectionFormProps {
  /** The saved section with its draft (edit mode); absent for a new one. */
  section?: ContentSectionDetail;
  origin: Origin | null;
  /** Reloads the section (after its draft was saved or published). */
  onChanged?: () => void;
}

/**
 * The content-section form (spec 2 §3, §4, §5). A new section is created (and published, as
 * before): created from a page or blog it is added to it and the editor returns there; otherwise it
 * opens its own edit screen. An existing one edits its draft (the published fields when
 * there is none): Save Draft keeps the edits without touching the public site and stays here;
 * Publish saves any unsaved edits as the draft first, then publishes it.
 */
function ContentSectionForm({ section, origin, onChanged }: ContentSectionFormProps) {
  const navigate = useNavigate();
  const editing = section !== undefined;
  // What the editor edits: the draft when there is one. A reload that brings other values (after
  // Save Draft, Publish, Discard or a restored revision) resets the form to them.
  const editable = useMemo(() => (section ? editableSection(section) : undefined), [section]);
  const startValues = useMemo(() => (editable ? fromContentSection(editable) : blankSection()), [editable]);
  const form = useForm<SectionFormValues>({
    resolver: sectionResolver(contentSectionSchema),
    mode: 'onTouched',
    defaultValues: startValues,
    values: startValues,
  });
  const { control, handleSubmit, formState, setError } = form;
  // Someone else saved the draft or published meanwhile: the latest draft next to the editor's values.
  const conflict = formConflict(form, (latest: ContentSectionDetail) => fromContentSection(editableSection(latest)), { skip: ['image'] });
  const { publishing, publish: runPublish } = usePublish();
  const type = useWatch({ control, name: 'type' });
  const isCustom = type === 'CONTENT_SECTION_CUSTOM';
  const titleRequired = !(type && TITLE_OPTIONAL_TYPES.includes(type));
  const descriptionRequired = !(type && DESCRIPTION_OPTIONAL_TYPES.includes(type));
  const imageRequired = !(type && IMAGE_OPTIONAL_TYPES.includes(type));
  const backPath = origin ? originPath(origin) : SECTIONS_LIST_PATH;

  /** §5: a type that needs an image, and none stored or picked: said under the field and as a warning (§8); nothing is sent. */
  const needsImage = (values: SectionFormValues) => {
    if (!imageMissing(values, editable?.imagePath, { optionalForTypes: true })) return false;
    setError('image', { type: 'required', message: MESSAGES.contentSection.imageRequired });
    toast.warning(MESSAGES.contentSection.imageRequired);
    return true;
  };

  /** Saves the form as the draft; resolves whether it saved (invalid: the fields say why). */
  const saveDraft = (id: number) =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        async (values) => {
          if (needsImage(values)) return resolve(false);
          const saved = await saveForm({ call: () => saveContentSectionDraft(id, contentSectionFields(values)), setError, fields: SECTION_FIELDS, failureState: 'warning', conflict });
          // The saved draft is the form's baseline: nothing unsaved while the editor reloads it.
          if (saved) form.reset(values);
          resolve(saved);
        },
        () => resolve(false),
      )();
    });

  const submit = handleSubmit(async (values) => {
    if (needsImage(values)) return;
    const fields = contentSectionFields(values);
    if (section) {
      const saved = await saveForm({ call: () => saveContentSectionDraft(section.id, fields), setError, fields: SECTION_FIELDS, failureState: 'warning', conflict });
      if (saved) {
        form.reset(values);
        onChanged?.();
      }
      return;
    }
    let createdId: number | undefined;
    const call = async () => {
      const created = await createContentSection({ ...fields, ...originFields(origin) });
      createdId = created.id;
      return created;
    };
    const saved = await saveForm({ call, setError, fields: SECTION_FIELDS, failureState: 'warning' });
    if (!saved || createdId === undefined) return;
    if (!origin) {
      void navigate(contentSectionEditPath(createdId));
      return;
    }
    try {
      await assignToOrigin(origin, createdId, 'CONTENTSECTION');
    } catch (error) {
      // Created but not added: the page's Add Content can still add it (§8: assign failures warn).
      toast.failure(error, 'warning');
    }
    void navigate(originPath(origin));
  });

  /** Publish: unsaved edits are saved as the draft first; then the draft goes public. */
  const publish = async () => {
    if (!section) return;
    await runPublish({ saveDraft: formState.isDirty ? () => saveDraft(section.id) : undefined, publish: () => publishContentSection(section.id), onChanged });
  };

  const busy = formState.isSubmitting || publishing;
  useUnsavedChanges(formState.isDirty && !busy);
  // Nothing to publish: no draft, no unsaved edit, already public (the server would refuse).
  const nothingToPublish = section !== undefined && !formState.isDirty && !sectionEditorialOf(section).hasDraft && section.isActive;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Content section details' : 'New content section'}>
      <Form layout="vertical" component="div">
        <Flex vertical gap={16}>
          <Card title="Basic Information">
            <Row gutter={24}>
              <Col xs={24} md={10}>
                <TextField control={control} name="name" label="Content Section Name" required autoComplete="off" maxLength={CS.name} />
              </Col>
              <Col xs={24} md={8}>
                <SectionTypeField form={form} types={CONTENT_SECTION_PICKER_TYPES} />
              </Col>
              <Col xs={24} md={6}>
                <SwitchField control={control} name="isActive" label="Is Active?" />
              </Col>
            </Row>
          </Card>
          <Card title="Content">
            <TextField control={control} name="title" label="Title" required={titleRequired} autoComplete="off" maxLength={CS.title} />
            {isCustom ? (
              <FormField
                control={control}
                name="rawHTML"
                label="Custom HTML"
                extra="Scripts, event handlers and unknown styles are removed before the page shows it."
              >
                {({ field, id, invalid }) => (
                  <Input.TextArea
                    id={id}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    autoSize={{ minRows: 8, maxRows: 24 }}
                    spellCheck={false}
                    className="cms-code-input"
                    aria-invalid={invalid || undefined}
                  />
                )}
              </FormField>
            ) : (
              <SectionRichTextField form={form} label="Content Details" required={descriptionRequired} />
            )}
          </Card>
          <Card title="Layout">
            <SectionLayoutFields form={form} />
          </Card>
          <Card title="Image">
            <SectionImageField form={form} currentPath={editable?.imagePath} required={imageRequired} />
          </Card>
          <Card title="Buttons">
            <SectionButtonsFields form={form} />
          </Card>
        </Flex>
      </Form>
      <DraftPublishFooter
        editing={editing}
        valid={formState.isValid}
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        publishing={publishing}
        nothingToPublish={nothingToPublish}
        onPublish={() => void publish()}
        onCancel={() => void navigate(backPath)}
      />
    </form>
  );
}

const notFound = (
  <Result status="404" title="Content section not found" subTitle="It may have been deleted." extra={<Link to={SECTIONS_LIST_PATH}>Return to Listing</Link>} />
);

/** The publishing bar above the section's form: its state, Discard Changes, Unpublish, Schedule… and History. */
function SectionPublishingBar({ section, onChanged }: { section: ContentSectionDetail; onChanged: () => void }) {
  const { id } = section;
  const calls = useMemo<EditorialCalls>(
    () => ({
      publish: () => publishContentSection(id),
      unpublish: () => unpublishContentSection(id),
      discardDraft: () => discardContentSectionDraft(id),
      schedule: (body) => scheduleContentSection(id, body),
    }),
    [id],
  );
  return (
    <PublishingBar
      noun="content section"
      recordType="contentSection"
      recordId={id}
      isActive={section.isActive}
      editorial={sectionEditorialOf(section)}
      calls={calls}
      historyLabels={CONTENT_SECTION_HISTORY_LABELS}
      richTextFields={CONTENT_SECTION_RICH_TEXT_FIELDS}
      formatValue={formatSectionHistoryValue}
      onChanged={onChanged}
    />
  );
}

/** An existing section, loaded by id: the publishing bar, then its form (the draft). */
function EditContentSection({ id }: { id: number }) {
  const handle = useRecord(fetchContentSection, id);
  const problem = recordProblem(handle, { noun: 'content section', notFound, back: <Link to={SECTIONS_LIST_PATH}>Return to Listing</Link> });
  if (problem) return problem;
  const { loaded, reload } = handle;
  const origin = loaded.state === 'ready' ? originOf(loaded.record) : null;
  return (
    <>
      <PageHeader title="Content Section Details" extra={<ReturnLinks origin={origin} />} />
      {loaded.state === 'ready' ? (
        <>
          <SectionPublishingBar section={loaded.record} onChanged={reload} />
          <ContentSectionForm section={loaded.record} origin={origin} onChanged={reload} />
        </>
      ) : (
        <RecordSpinner noun="content section" />
      )}
    </>
  );
}

/**
 * `/content-section` (new), `/content-section/edit/:contentSectionId`, and the create routes from
 * a page or blog, `/content-section/pageId/:pageId` and `/content-section/blogId/:blogId`.
 */
export default function ContentSectionFormPage() {
  const { contentSectionId, pageId, blogId } = useParams();
  if (contentSectionId !== undefined) {
    const id = recordId(contentSectionId);
    if (id === null) return notFound;
    // Keyed by id: moving from one section to another starts a fresh form.
    return <EditContentSection key={id} id={id} />;
  }
  const origin = originFromParams({ pageId, blogId });
  if (origin === 'invalid') return <Result status="404" title="Page not found" subTitle="There is no page or blog with this id." />;
  return (
    <>
      <PageHeader title="New Content Section" extra={<ReturnLinks origin={origin} />} />
      <ContentSectionForm key={origin ? `${origin.kind}-${origin.id}` : 'new'} origin={origin} />
    </>
  );
}

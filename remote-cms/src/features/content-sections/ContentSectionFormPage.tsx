import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Card, Col, Flex, Form, Input, Result, Row } from 'antd';
import { LIMITS } from '@deals/api/contract/limits';
import { MESSAGES } from '@deals/api/contract/messages';
import { CONTENT_SECTION_PICKER_TYPES, DESCRIPTION_OPTIONAL_TYPES, IMAGE_OPTIONAL_TYPES, TITLE_OPTIONAL_TYPES } from '@deals/api/contract/section-rules';
import { toast } from '@deals/shared-auth';
import { FormField, FormFooter, PageHeader, recordId, recordProblem, RecordSpinner, saveForm, SwitchField, TextField, useRecord } from '@deals/shared-auth/ui';
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
import { createContentSection, fetchContentSection, updateContentSection, type ContentSection } from './api';
import { contentSectionFields } from './contentSectionFields';
import './content-section-form.css';
import { ReturnLinks } from '../../components/section-fields/ReturnLinks';

const CS = LIMITS.contentSection;


/**
 * The content-section form (spec 2 §3, §4, §5). A new section created from a page or blog is added
 * to it and the editor returns there; otherwise it opens its own edit screen. Saving an existing
 * section returns to the page or blog it came from, or to the list.
 */
function ContentSectionForm({ section, origin }: { section?: ContentSection; origin: Origin | null }) {
  const navigate = useNavigate();
  const editing = section !== undefined;
  const form = useForm<SectionFormValues>({
    resolver: sectionResolver(contentSectionSchema),
    mode: 'onTouched',
    defaultValues: section ? fromContentSection(section) : blankSection(),
  });
  const { control, handleSubmit, formState, setError } = form;
  const type = useWatch({ control, name: 'type' });
  const isCustom = type === 'CONTENT_SECTION_CUSTOM';
  const titleRequired = !(type && TITLE_OPTIONAL_TYPES.includes(type));
  const descriptionRequired = !(type && DESCRIPTION_OPTIONAL_TYPES.includes(type));
  const imageRequired = !(type && IMAGE_OPTIONAL_TYPES.includes(type));
  const backPath = origin ? originPath(origin) : SECTIONS_LIST_PATH;

  const submit = handleSubmit(async (values) => {
    if (imageMissing(values, section?.imagePath, { optionalForTypes: true })) {
      // §5: said under the field and as a warning (§8); nothing is sent.
      setError('image', { type: 'required', message: MESSAGES.contentSection.imageRequired });
      toast.warning(MESSAGES.contentSection.imageRequired);
      return;
    }
    const fields = contentSectionFields(values);
    if (section) {
      const saved = await saveForm({ call: () => updateContentSection(section.id, fields), setError, fields: SECTION_FIELDS, failureState: 'warning' });
      if (saved) void navigate(backPath);
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
            <SectionImageField form={form} currentPath={section?.imagePath} required={imageRequired} />
          </Card>
          <Card title="Buttons">
            <SectionButtonsFields form={form} />
          </Card>
        </Flex>
      </Form>
      <FormFooter>
        <Button onClick={() => void navigate(backPath)} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
          {editing ? 'Save Changes' : 'Create'}
        </Button>
      </FormFooter>
    </form>
  );
}

const notFound = (
  <Result status="404" title="Content section not found" subTitle="It may have been deleted." extra={<Link to={SECTIONS_LIST_PATH}>Return to Listing</Link>} />
);

/** An existing section, loaded by id. */
function EditContentSection({ id }: { id: number }) {
  const handle = useRecord(fetchContentSection, id);
  const problem = recordProblem(handle, { noun: 'content section', notFound, back: <Link to={SECTIONS_LIST_PATH}>Return to Listing</Link> });
  if (problem) return problem;
  const { loaded } = handle;
  const origin = loaded.state === 'ready' ? originOf(loaded.record) : null;
  return (
    <>
      <PageHeader title="Content Section Details" extra={<ReturnLinks origin={origin} />} />
      {loaded.state === 'ready' ? <ContentSectionForm section={loaded.record} origin={origin} /> : <RecordSpinner noun="content section" />}
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

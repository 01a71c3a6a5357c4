import { Link, useNavigate, useParams } from 'react-router-dom';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useAtomValue } from 'jotai';
import { Button, Card, Col, Form, Result, Row } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { sessionAtom, toast, useUnsavedChanges } from '@deals/shared-auth';
import { FormFooter, formConflict, ImageUploadField, PageHeader, recordId, recordProblem, RecordSpinner, saveForm, SwitchField, TextField, useRecord } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { createFeaturedSection, fetchFeaturedSection, updateFeaturedSection, type FeaturedSectionDetail } from './api';
import { featuredSectionSchema, type FeaturedSectionForm } from './schemas';
import { SectionDeals } from './SectionDeals';
import { editPath, LIST_PATH } from './paths';

/** Fields whose server messages (400 `errors`) go under the field. */
const FORM_FIELDS: FieldPath<FeaturedSectionForm>[] = ['name', 'isActive', 'image'];

const returnToListing = (
  <Link to={LIST_PATH}>
    <ArrowLeftOutlined /> Return to Listing
  </Link>
);

/**
 * The section's name, image and active flag (spec 2 §2, §4, §5). Create goes on to the new
 * section's edit screen; Save Changes returns to the list.
 */
function SectionForm({ section }: { section?: FeaturedSectionDetail }) {
  const navigate = useNavigate();
  const editing = section !== undefined;
  const form = useForm<FeaturedSectionForm>({
    resolver: yupResolver(featuredSectionSchema),
    mode: 'onTouched',
    defaultValues: { name: section?.name ?? '', isActive: section?.isActive ?? true, image: null },
  });
  const { control, handleSubmit, formState, setError, clearErrors } = form;
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const submit = handleSubmit(async ({ name, isActive, image }) => {
    if (!section && !image) {
      // A new section needs an image: said under the field and as a toast; nothing is sent.
      setError('image', { type: 'required', message: MESSAGES.featuredSection.imageRequired });
      toast.warning(MESSAGES.featuredSection.imageRequired);
      return;
    }
    const fields = { name, isActive, image: image ?? null };
    if (section) {
      const conflict = formConflict(form, (latest: FeaturedSectionDetail) => ({ name: latest.name, isActive: latest.isActive, image: null }), {
        labels: { name: 'Feature Section Name', isActive: 'Is Active?' },
        skip: ['image'],
      });
      const saved = await saveForm({ call: () => updateFeaturedSection(section.id, fields), setError, fields: FORM_FIELDS, failureState: 'warning', conflict });
      if (saved) void navigate(LIST_PATH);
      return;
    }
    let createdId: number | undefined;
    const call = async () => {
      const created = await createFeaturedSection(fields);
      createdId = created.id;
      return created;
    };
    const saved = await saveForm({ call, setError, fields: FORM_FIELDS, failureState: 'warning' });
    if (saved && createdId !== undefined) void navigate(editPath(createdId));
  });

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Featured section details' : 'New featured section'}>
        <Form layout="vertical" component="div">
          <Row gutter={24}>
            <Col xs={24} md={16}>
              <TextField control={control} name="name" label="Feature Section Name" required autoComplete="off" maxLength={LIMITS.featuredSection.name} />
            </Col>
            <Col xs={24} md={8}>
              <SwitchField control={control} name="isActive" label="Is Active?" />
            </Col>
            <Col xs={24}>
              <Controller
                control={control}
                name="image"
                render={({ field, fieldState }) => (
                  <ImageUploadField
                    label="Image"
                    required
                    file={field.value ?? null}
                    onChange={(file) => {
                      field.onChange(file);
                      clearErrors('image');
                    }}
                    currentPath={section?.imageFilePath}
                    error={fieldState.error?.message}
                    extra="JPEG, PNG, WebP or GIF, at most 10 MB."
                  />
                )}
              />
            </Col>
          </Row>
        </Form>
        {/* The spec's footer bar, on the new and the edit screen alike: Return to Listing, Cancel, Create or Save Changes. */}
        <FormFooter>
          <Link to={LIST_PATH} style={{ marginRight: 'auto', alignSelf: 'center' }}>
            <ArrowLeftOutlined /> Return to Listing
          </Link>
          <Button onClick={() => void navigate(LIST_PATH)} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
            {editing ? 'Save Changes' : 'Create'}
          </Button>
        </FormFooter>
      </form>
    </Card>
  );
}

/** New Featured Section: creating sections is for admins (the API refuses others). */
function NewSection() {
  const { isAdmin } = useAtomValue(sessionAtom);
  if (!isAdmin) return <Result status="403" title="Admins only" subTitle="Only admins can create featured sections." extra={returnToListing} />;
  return (
    <>
      <PageHeader title="New Featured Section" />
      <SectionForm />
    </>
  );
}

const notFound = <Result status="404" title="Featured section not found" subTitle="It may have been removed." extra={returnToListing} />;

/** An existing section: its form, then its Deals and Promo Codes (which page and reload themselves). */
function EditSection({ id }: { id: number }) {
  const handle = useRecord(fetchFeaturedSection, id);
  const problem = recordProblem(handle, { noun: 'featured section', notFound, back: returnToListing });
  if (problem) return problem;
  const { loaded } = handle;
  return (
    <>
      <PageHeader title="Featured Section Details" />
      {loaded.state === 'ready' ? (
        <>
          <SectionForm section={loaded.record} />
          <SectionDeals section={loaded.record} />
        </>
      ) : (
        <RecordSpinner noun="featured section" />
      )}
    </>
  );
}

/** `/featured-section` (new) and `/featured-section/edit/:featuredSectionId`. */
export default function FeaturedSectionFormPage() {
  const { featuredSectionId } = useParams();
  if (featuredSectionId === undefined) return <NewSection />;
  const id = recordId(featuredSectionId);
  if (id === null) return notFound;
  // Keyed by id: moving from one section (or from New) to another starts a fresh form.
  return <EditSection key={id} id={id} />;
}

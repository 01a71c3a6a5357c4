import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useAtomValue } from 'jotai';
import { Button, Card, Col, Form, Result, Row, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { httpStatus, sessionAtom, toast } from '@deals/shared-auth';
import { ImageUploadField, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/api/contract/limits';
import { MESSAGES } from '@deals/api/contract/messages';
import { PageHeader } from '../../components/PageHeader';
import { createFeaturedSection, fetchFeaturedSection, updateFeaturedSection, type FeaturedSectionDetail } from './api';
import { featuredSectionSchema, type FeaturedSectionForm } from './schemas';
import { SectionDeals } from './SectionDeals';
import { editPath, LIST_PATH } from './paths';

/** Fields whose server messages (400 `errors`) go under the field. */
const FORM_FIELDS: FieldPath<FeaturedSectionForm>[] = ['name', 'isActive', 'image'];

/** Whether a failed call was answered 404 (duck-typed, like the shared error text: no axios import here). */
const isNotFound = (error: unknown) => httpStatus(error) === 404;

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
  const { control, handleSubmit, formState, setError, clearErrors } = useForm<FeaturedSectionForm>({
    resolver: yupResolver(featuredSectionSchema),
    mode: 'onTouched',
    defaultValues: { name: section?.name ?? '', isActive: section?.isActive ?? true, image: null },
  });

  const submit = handleSubmit(async ({ name, isActive, image }) => {
    if (!section && !image) {
      // A new section needs an image: said under the field and as a toast; nothing is sent.
      setError('image', { type: 'required', message: MESSAGES.featuredSection.imageRequired });
      toast.warning(MESSAGES.featuredSection.imageRequired);
      return;
    }
    const fields = { name, isActive, image: image ?? null };
    if (section) {
      const saved = await saveForm({ call: () => updateFeaturedSection(section.id, fields), setError, fields: FORM_FIELDS, failureState: 'warning' });
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
        <div className="catalog-form-footer">
          <Button onClick={() => void navigate(LIST_PATH)} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
            {editing ? 'Save Changes' : 'Create'}
          </Button>
        </div>
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

type Loaded = { state: 'loading' } | { state: 'notFound' } | { state: 'failed' } | { state: 'ready'; section: FeaturedSectionDetail };

const notFound = <Result status="404" title="Featured section not found" subTitle="It may have been removed." extra={returnToListing} />;

/** An existing section: its form, then its Deals and Promo Codes. */
function EditSection({ id }: { id: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // Bumped to load the section again (after Retry, or once its deals changed).
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let current = true;
    fetchFeaturedSection(id).then(
      (section) => {
        if (current) setLoaded({ state: 'ready', section });
      },
      (error: unknown) => {
        if (!current) return;
        if (isNotFound(error)) {
          setLoaded({ state: 'notFound' });
          return;
        }
        toast.failure(error);
        // A failed reload keeps the screen as it was; a failed first load offers Retry.
        setLoaded((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      },
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  if (loaded.state === 'notFound') return notFound;
  if (loaded.state === 'failed')
    return (
      <Result
        status="error"
        title="The featured section could not be loaded"
        extra={[
          <Button
            key="retry"
            type="primary"
            onClick={() => {
              setLoaded({ state: 'loading' });
              reload();
            }}
          >
            Retry
          </Button>,
          <span key="back">{returnToListing}</span>,
        ]}
      />
    );

  return (
    <>
      <PageHeader title="Featured Section Details" extra={returnToListing} />
      {loaded.state === 'loading' ? (
        <Spin size="large" style={{ display: 'block', margin: '80px auto' }} aria-label="Loading the featured section" />
      ) : (
        <>
          <SectionForm section={loaded.section} />
          <SectionDeals section={loaded.section} onChanged={reload} />
        </>
      )}
    </>
  );
}

/** `/featured-section` (new) and `/featured-section/edit/:featuredSectionId`. */
export default function FeaturedSectionFormPage() {
  const { featuredSectionId } = useParams();
  if (featuredSectionId === undefined) return <NewSection />;
  const id = Number(featuredSectionId);
  if (!Number.isSafeInteger(id) || id <= 0) return notFound;
  // Keyed by id: moving from one section (or from New) to another starts a fresh form.
  return <EditSection key={id} id={id} />;
}

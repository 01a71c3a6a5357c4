import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Col, Form, Result, Row, Select } from 'antd';
import { LIMITS } from '@deals/api/contract/limits';
import { BANNER_PICKER_TYPES, CONTENT_SECTION_TYPE_LABELS } from '@deals/api/contract/section-rules';
import { toast } from '@deals/shared-auth';
import { FormFooter, PageHeader, recordId, recordProblem, RecordSpinner, saveForm, SwitchField, TextField, useRecord } from '@deals/shared-auth/ui';
import { assignToOrigin, originFields, originFromParams, originOf, originPath, type Origin } from '../../components/section-fields/origin';
import { bannerEditPath, SECTIONS_LIST_PATH } from '../../components/section-fields/paths';
import { createBanner, fetchBanner, updateBanner, type Banner } from './api';
import { BannerItems } from './BannerItems';
import { bannerSchema, type BannerFormValues } from './schemas';
import { ReturnLinks } from '../../components/section-fields/ReturnLinks';

const FIELDS: FieldPath<BannerFormValues>[] = ['name', 'isActive'];
const TYPE_OPTIONS = BANNER_PICKER_TYPES.map((type) => ({ value: type, label: CONTENT_SECTION_TYPE_LABELS[type] }));


/**
 * The banner's name, type and active flag (spec 2 §3, §5). A new banner (added to the page or
 * blog it is created from) opens its edit screen for its items (§4); saving an existing one
 * returns to that page or blog, or to the list. Failures are warnings (§8).
 */
function BannerForm({ banner, origin }: { banner?: Banner; origin: Origin | null }) {
  const navigate = useNavigate();
  const typeId = useId();
  const editing = banner !== undefined;
  const { control, handleSubmit, formState, setError } = useForm<BannerFormValues>({
    resolver: yupResolver(bannerSchema),
    mode: 'onTouched',
    defaultValues: { name: banner?.name ?? '', isActive: banner?.isActive ?? true },
  });
  const backPath = origin ? originPath(origin) : SECTIONS_LIST_PATH;

  const submit = handleSubmit(async ({ name, isActive }) => {
    if (banner) {
      const saved = await saveForm({ call: () => updateBanner(banner.id, { name, isActive }), setError, fields: FIELDS, failureState: 'warning' });
      if (saved) void navigate(backPath);
      return;
    }
    let createdId: number | undefined;
    const call = async () => {
      const created = await createBanner({ name, isActive, ...originFields(origin) });
      createdId = created.id;
      return created;
    };
    const saved = await saveForm({ call, setError, fields: FIELDS, failureState: 'warning' });
    if (!saved || createdId === undefined) return;
    if (origin) {
      try {
        await assignToOrigin(origin, createdId, 'BANNER');
      } catch (error) {
        // Created but not added: the page's Add Content can still add it (§8: assign failures warn).
        toast.failure(error, 'warning');
      }
    }
    void navigate(bannerEditPath(createdId));
  });

  return (
    <Card title="Basic Information">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Banner details' : 'New banner'}>
        <Form layout="vertical" component="div">
          <Row gutter={24}>
            <Col xs={24} md={10}>
              <TextField control={control} name="name" label="Banner Name" required autoComplete="off" maxLength={LIMITS.banner.name} />
            </Col>
            <Col xs={24} md={8}>
              {/* §4: the banner picker offers one type; a banner's slides are its items. */}
              <Form.Item label="Type" htmlFor={typeId} required>
                <Select id={typeId} value={TYPE_OPTIONS[0]?.value} options={TYPE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <SwitchField control={control} name="isActive" label="Is Active?" />
            </Col>
          </Row>
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
    </Card>
  );
}

const notFound = <Result status="404" title="Banner not found" subTitle="It may have been deleted." extra={<Link to={SECTIONS_LIST_PATH}>Return to Listing</Link>} />;

/** An existing banner: its form, then its items. Reloaded after an item changes. */
function EditBanner({ id }: { id: number }) {
  const handle = useRecord(fetchBanner, id);
  const problem = recordProblem(handle, { noun: 'banner', notFound, back: <Link to={SECTIONS_LIST_PATH}>Return to Listing</Link> });
  if (problem) return problem;
  const { loaded, reload } = handle;
  const origin = loaded.state === 'ready' ? originOf(loaded.record) : null;
  return (
    <>
      <PageHeader title="Banner Details" extra={<ReturnLinks origin={origin} />} />
      {loaded.state === 'ready' ? (
        <>
          <BannerForm banner={loaded.record} origin={origin} />
          <BannerItems banner={loaded.record} onChanged={reload} />
        </>
      ) : (
        <RecordSpinner noun="banner" />
      )}
    </>
  );
}

/** `/banner` (new), `/banner/edit/:bannerId`, and the create routes from a page or blog. */
export default function BannerFormPage() {
  const { bannerId, pageId, blogId } = useParams();
  if (bannerId !== undefined) {
    const id = recordId(bannerId);
    if (id === null) return notFound;
    return <EditBanner key={id} id={id} />;
  }
  const origin = originFromParams({ pageId, blogId });
  if (origin === 'invalid') return <Result status="404" title="Page not found" subTitle="There is no page or blog with this id." />;
  return (
    <>
      <PageHeader title="New Banner" extra={<ReturnLinks origin={origin} />} />
      <BannerForm key={origin ? `${origin.kind}-${origin.id}` : 'new'} origin={origin} />
    </>
  );
}

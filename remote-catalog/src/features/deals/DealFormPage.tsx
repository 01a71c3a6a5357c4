import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useAtomValue } from 'jotai';
import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Result, Row, Select, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Product, ProductType, Store } from '@deals/contract';
import { confirmAction, httpStatus, sessionAtom, toast, useUnsavedChanges } from '@deals/shared-auth';
import { ColorField, FormField, FormFooter, formConflict, ImageUploadField, PageHeader, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { discountPercent } from '@deals/contract/deal-rules';
import { DATE_TIME_FORMAT } from '../../lib/format';
import { fetchProductTypes, fetchStores, lookupOptions } from '../../lib/lookups';
import dayjs from 'dayjs';
import { createDeal, fetchAudienceSize, fetchDeal, updateDeal } from './api';
import { DEAL_FIELD_LABELS, DealHistory } from './DealHistory';
import { DealLinkCheck } from './DealLinkCheck';
import { DealImages } from './DealImages';
import { AffiliateLink } from './AffiliateLink';
import { canChangeDeal, fromProduct, toDealFields } from './dealValues';
import { pushConfirmText, pushNoticeText, pushOnSave } from './pushNotice';
import { blankDeal, DEAL_SERVER_FIELDS as FIELDS, dealSchema, type DealFormValues } from './schemas';
import './deal-form.css';

const DEALS_PATH = '/admin/management/product-deals';
const DASHBOARD_PATH = '/admin/management/dashboard';
const editPath = (id: number) => `/admin/management/product-deal/edit/${id}`;

/** Stores and product categories for the selects; a failed load is an error toast (spec §8). */
function useLookups() {
  const [stores, setStores] = useState<Store[]>([]);
  const [productTypes, setProductTypes] = useState<ProductType[]>([]);
  useEffect(() => {
    fetchStores().then(setStores, (error: unknown) => toast.failure(error));
    fetchProductTypes().then(setProductTypes, (error: unknown) => toast.failure(error));
  }, []);
  return { stores, productTypes };
}

/** The devices a push to everyone reaches, read when the form first says it will push (null until known). */
function useAudienceSize(wanted: boolean): number | null {
  const [devices, setDevices] = useState<number | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    // Without the count the notice still says it will push ("every device with deal alerts on").
    fetchAudienceSize().then(setDevices, () => undefined);
  }, [wanted]);
  return devices;
}

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; deal: Product | null };

/** The deal of the edit route (null on create), reloadable after image changes; one per `productId`. */
function useDeal(productId: number) {
  const [loaded, setLoaded] = useState<Loaded>(() => (productId ? { state: 'loading' } : { state: 'ready', deal: null }));
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!productId) return;
    let current = true;
    fetchDeal(productId).then(
      (deal) => current && setLoaded({ state: 'ready', deal }),
      (error: unknown) => {
        if (!current) return;
        const missing = httpStatus(error) === 404;
        if (!missing) toast.failure(error);
        // A deal that could not be read first time cannot be edited; a failed reload keeps the form.
        setLoaded((shown) => (shown.state === 'ready' && !missing ? shown : { state: 'missing' }));
      },
    );
    return () => {
      current = false;
    };
  }, [productId, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { loaded, reload };
}

/**
 * The deal form (spec §2, §4, §5): create at /product-deal/create (needs an image, then goes to
 * the edit route), edit at /product-deal/edit/:productId (images added, made preview, deleted).
 * A non-admin who did not add the deal sees it read-only, without the save bar.
 */
export default function DealFormPage() {
  const productId = Number(useParams().productId ?? 0) || 0;
  // A new deal's form becomes its edit form after create: a fresh component, not a reset one.
  return <DealForm key={productId} productId={productId} />;
}

function DealForm({ productId }: { productId: number }) {
  const creating = productId === 0;
  const navigate = useNavigate();
  const { isAdmin, user } = useAtomValue(sessionAtom);
  const { loaded, reload } = useDeal(productId);
  const { stores, productTypes } = useLookups();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);

  const form = useForm<DealFormValues>({
    resolver: yupResolver(dealSchema),
    mode: 'onTouched',
    defaultValues: blankDeal(),
  });
  const { control, handleSubmit, formState, reset, setError } = form;

  const deal = loaded.state === 'ready' ? loaded.deal : null;
  // A restored revision replaces the form's values, typed or not: the editor takes back what was saved then.
  const replaceValues = useRef(false);
  useEffect(() => {
    // Image changes reload the deal; the form keeps what is being typed then.
    if (deal && (!formState.isDirty || replaceValues.current)) {
      replaceValues.current = false;
      reset(fromProduct(deal));
    }
  }, [deal, reset, formState.isDirty]);
  const reloadRestored = useCallback(() => {
    replaceValues.current = true;
    reload();
  }, [reload]);

  // Someone else saved meanwhile: the form follows the loaded deal while it is not dirty, so the
  // latest is shown clean and loaded as the deal (which then resets the form to it again).
  const conflict = useMemo(
    () => ({
      ...formConflict(form, fromProduct, { labels: DEAL_FIELD_LABELS }),
      show: (values: DealFormValues) => {
        reset(values);
        reload();
      },
    }),
    [form, reset, reload],
  );

  const readOnly = deal !== null && !canChangeDeal({ isAdmin, userId: user?.id }, deal);
  const [chosenStore, chosenTypes, currentPrice, previousPrice, isActive, dealStartsIn, dealExpiresIn, typedLink] = useWatch({
    control,
    name: ['categoryId', 'productTypeIds', 'currentPrice', 'previousPrice', 'isActive', 'dealStartsIn', 'dealExpiresIn', 'link'],
  });
  const storeOptions = useMemo(() => lookupOptions(stores, chosenStore ? [chosenStore] : []), [stores, chosenStore]);
  const typeOptions = useMemo(() => lookupOptions(productTypes, chosenTypes ?? []), [productTypes, chosenTypes]);
  const discount = typeof currentPrice === 'number' && typeof previousPrice === 'number' ? discountPercent(currentPrice, previousPrice) : null;

  // Saving this deal may push a notification to every device: said before the save, and confirmed.
  const push = readOnly
    ? null
    : pushOnSave({
        creating,
        isActive: Boolean(isActive),
        productTypeIds: chosenTypes ?? [],
        dealStartsIn: dealStartsIn ?? null,
        dealExpiresIn: dealExpiresIn ?? null,
        savedStart: deal?.dealStartsIn ? dayjs(deal.dealStartsIn) : null,
        productTypes,
        now: dayjs(),
      });
  const devices = useAudienceSize(push !== null);
  // Typed or picked but not saved: leaving asks first (the save's own navigation goes through).
  useUnsavedChanges(!readOnly && (formState.isDirty || image !== null) && !formState.isSubmitting);
  const formatDate = (date: dayjs.Dayjs) => date.format(DATE_TIME_FORMAT);

  const submit = handleSubmit(async (values) => {
    const fields = toDealFields(values);
    if (creating && !image) {
      setImageError(MESSAGES.deal.imageRequired);
      toast.warning(MESSAGES.deal.imageRequired);
      return;
    }
    // Last word before a push that cannot be called back: the confirm names it.
    if (push && !(await confirmAction({ ...pushConfirmText(push, values.name, devices, formatDate), action: () => undefined }))) return;
    if (creating && image) {
      let createdId = 0;
      const call = async () => {
        const created = await createDeal(fields, image);
        createdId = created.id;
        return created;
      };
      if (await saveForm({ call, setError, fields: FIELDS, failureState: 'warning' })) navigate(editPath(createdId), { replace: true });
      return;
    }
    if (await saveForm({ call: () => updateDeal(productId, fields), setError, fields: FIELDS, failureState: 'warning', conflict })) navigate(DEALS_PATH);
  });

  if (loaded.state === 'loading') return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (loaded.state === 'missing')
    return <Result status="404" title="Deal not found" subTitle="It may have been deleted." extra={<Link to={DEALS_PATH}>Back to Deals and Promo Codes</Link>} />;

  const title = creating ? 'Create New Deal' : readOnly ? 'Deal Details' : 'Edit Deal';
  return (
    <div className="deal-form">
      <PageHeader
        title={title}
        extra={
          !creating && (
            <>
              {deal && !readOnly && <DealHistory productId={deal.id} stores={stores} productTypes={productTypes} onRestored={reloadRestored} />}
              <Link to={DEALS_PATH}>
                <ArrowLeftOutlined /> Return to Deals
              </Link>
            </>
          )
        }
      />
      {readOnly && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Read-only"
          description={`${deal?.addedBy ?? 'Another staff member'} added this deal. Only they or an admin can change it.`}
        />
      )}
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Card title="Product Information">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <FormField control={control} name="categoryId" label="Store" required>
                {({ field, id, invalid }) => (
                  <Select
                    id={id}
                    value={field.value ?? undefined}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={storeOptions}
                    placeholder="Choose a store"
                    showSearch
                    optionFilterProp="label"
                    status={invalid ? 'error' : undefined}
                  />
                )}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="productTypeIds" label="Product Categories" required>
                {({ field, id, invalid }) => (
                  <Select
                    id={id}
                    mode="multiple"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={typeOptions}
                    placeholder="Choose one or more"
                    optionFilterProp="label"
                    status={invalid ? 'error' : undefined}
                  />
                )}
              </FormField>
            </Col>
            <Col xs={24}>
              <TextField control={control} name="name" label="Product Name" required maxLength={LIMITS.deal.name} />
            </Col>
            <Col xs={24}>
              <TextField control={control} name="link" label="Link" required maxLength={LIMITS.deal.link} placeholder="https://" extra="The store's page for the deal (affiliate link); visitors open it from Go to Product Deal." />
              {/* Only who may change the deal: the server refuses the others, and the API client answers a refusal by leaving the page. */}
              {deal && !readOnly && <DealLinkCheck productId={deal.id} linkEdited={(typedLink ?? '').trim() !== deal.link} />}
            </Col>
            <Col xs={24}>
              <AffiliateLink control={control} dealId={productId} stores={stores} />
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="additionalInformation" label="About this item">
                {({ field, id }) => <Input.TextArea id={id} {...field} value={field.value ?? ''} rows={5} maxLength={LIMITS.deal.additionalInformation} showCount />}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="keywords" label="Keywords">
                {({ field, id }) => <Input.TextArea id={id} {...field} value={field.value ?? ''} rows={5} maxLength={LIMITS.deal.keywords} showCount placeholder="Words visitors may search for, besides the name, store and categories" />}
              </FormField>
            </Col>
          </Row>
        </Card>

        <Card title="Product Images">
          {creating ? (
            <ImageUploadField
              label="Product Image"
              required
              file={image}
              onChange={(file) => {
                setImage(file);
                setImageError(null);
              }}
              error={imageError}
              extra="The first image becomes the preview; add more after the deal is created."
            />
          ) : (
            deal && <DealImages productId={deal.id} images={deal.productImages} editable={!readOnly} onChanged={reload} />
          )}
        </Card>

        <Card title="Deal Information">
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <FormField control={control} name="currentPrice" label="Current Price" required>
                {({ field, id, invalid }) => (
                  <InputNumber id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} prefix="$" min={0} step={0.01} precision={2} status={invalid ? 'error' : undefined} />
                )}
              </FormField>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <FormField control={control} name="previousPrice" label="Previous Price" required>
                {({ field, id, invalid }) => (
                  <InputNumber id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} prefix="$" min={0} step={0.01} precision={2} status={invalid ? 'error' : undefined} />
                )}
              </FormField>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item label="Discount">
                <output className="deal-form__discount" aria-live="polite">
                  {discount === null ? '—' : `${discount}%`}
                </output>
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <TextField control={control} name="promoCode" label="Promo Code" maxLength={LIMITS.deal.promoCode} extra="Leave empty for No Code Needed." />
            </Col>
            <Col xs={24} sm={12}>
              <FormField control={control} name="dealStartsIn" label="Deal Starts In">
                {({ field, id, invalid }) => (
                  <DatePicker id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} showTime={{ format: 'HH:mm', minuteStep: 1 }} format={DATE_TIME_FORMAT} placeholder="MM/DD/YYYY HH:mm" status={invalid ? 'error' : undefined} />
                )}
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField control={control} name="dealExpiresIn" label="Deal Expires In">
                {({ field, id, invalid }) => (
                  <DatePicker id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} showTime={{ format: 'HH:mm', minuteStep: 1 }} format={DATE_TIME_FORMAT} placeholder="MM/DD/YYYY HH:mm" status={invalid ? 'error' : undefined} />
                )}
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <TextField control={control} name="badgeText" label="Badge Text" maxLength={LIMITS.deal.badgeText} placeholder="e.g. Hot Deal" />
            </Col>
            <Col xs={24} sm={12}>
              <ColorField control={control} name="badgeColor" label="Badge Color" maxLength={LIMITS.deal.badgeColor} />
            </Col>
            <Col xs={12} sm={6}>
              <SwitchField control={control} name="isActive" label="Is Active?" />
            </Col>
            <Col xs={12} sm={6}>
              <SwitchField control={control} name="isFeatured" label="Is Featured?" />
            </Col>
          </Row>
        </Card>
      </Form>

      {push && (
        <Alert className="deal-form__push" type="warning" showIcon message="This save sends a push notification" description={pushNoticeText(push, devices, formatDate)} role="status" />
      )}
      {!readOnly && (
        <FormFooter>
          <Button onClick={() => navigate(DASHBOARD_PATH)} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="primary" onClick={() => void submit()} disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
            {creating ? 'Create Deal' : 'Save Changes'}
          </Button>
        </FormFooter>
      )}
    </div>
  );
}

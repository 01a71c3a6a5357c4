import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Col, DatePicker, Flex, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FeedOffer, FeedOfferOutcome, ProductType, Store } from '@deals/contract';
import { httpStatus, toast } from '@deals/shared-auth';
import { applyServerErrors, ColorField, FormField, FormModal, SwitchField, TextField, Thumbnail } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { DATE_TIME_FORMAT } from '../../lib/format';
import { fetchProductTypes, fetchStores, lookupOptions } from '../../lib/lookups';
import { AffiliateLink, blankDeal, DEAL_SERVER_FIELDS, dealSchema, toDealFields, type DealFormValues } from '../deals';
import { acceptOffer } from './api';
import { fromOffer } from './offerRows';
import './feed-review.css';

const MODAL_WIDTH = 880;

/** The deal form's store and product-category lists. */
function useLookups() {
  const [stores, setStores] = useState<Store[]>([]);
  const [productTypes, setProductTypes] = useState<ProductType[]>([]);
  useEffect(() => {
    fetchStores().then(setStores, (error: unknown) => toast.failure(error));
    fetchProductTypes().then(setProductTypes, (error: unknown) => toast.failure(error));
  }, []);
  return { stores, productTypes };
}

interface Props {
  offer: FeedOffer;
  /** Accepted: the outcome to report. */
  onAccepted: (outcome: FeedOfferOutcome) => void;
  /** `gone`: someone else decided the offer meanwhile, so the queue should be read again. */
  onClose: (gone: boolean) => void;
}

/**
 * Edit then accept: the offer's deal in the deal form's fields, rules and messages, prefilled from
 * the feed; accepting sends them all (the offer's own image is kept).
 */
export function AcceptOfferModal({ offer, onAccepted, onClose }: Props) {
  const { stores, productTypes } = useLookups();
  const form = useForm<DealFormValues>({ resolver: yupResolver(dealSchema), mode: 'onTouched', defaultValues: fromOffer(offer, blankDeal()) });
  const { control, handleSubmit, formState, setError, trigger } = form;
  const [chosenStore, chosenTypes] = useWatch({ control, name: ['categoryId', 'productTypeIds'] });
  const storeOptions = useMemo(() => lookupOptions(stores, chosenStore ? [chosenStore] : []), [stores, chosenStore]);
  const typeOptions = useMemo(() => lookupOptions(productTypes, chosenTypes ?? []), [productTypes, chosenTypes]);

  // What the feed left out (a category, most often) is pointed out at once, not on the first blur.
  useEffect(() => {
    void trigger();
  }, [trigger]);

  const submit = handleSubmit(async (values) => {
    try {
      onAccepted(await acceptOffer({ id: offer.id, ...toDealFields(values) }));
    } catch (error) {
      const status = httpStatus(error);
      // Accepted, rejected or gone meanwhile: nothing left to edit here.
      if (status === 404 || status === 409) {
        toast.failure(error, 'warning');
        onClose(true);
        return;
      }
      applyServerErrors(error, setError, DEAL_SERVER_FIELDS);
      toast.failure(error, 'warning');
    }
  });

  const datePicker = (name: 'dealStartsIn' | 'dealExpiresIn', label: string) => (
    <FormField control={control} name={name} label={label}>
      {({ field, id, invalid }) => (
        <DatePicker id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} showTime={{ format: 'HH:mm', minuteStep: 1 }} format={DATE_TIME_FORMAT} placeholder="MM/DD/YYYY HH:mm" status={invalid ? 'error' : undefined} />
      )}
    </FormField>
  );
  const price = (name: 'currentPrice' | 'previousPrice', label: string) => (
    <FormField control={control} name={name} label={label} required>
      {({ field, id, invalid }) => <InputNumber id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} prefix="$" min={0} step={0.01} precision={2} status={invalid ? 'error' : undefined} />}
    </FormField>
  );

  return (
    <FormModal
      title="Edit then accept"
      okText="Accept"
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      unsaved={formState.isDirty}
      onSubmit={() => void submit()}
      onCancel={() => onClose(false)}
      width={MODAL_WIDTH}
    >
      <div className="feed-accept">
        <Flex gap={12} align="center" className="feed-accept__source">
          <Thumbnail path={offer.imageFilePath} alt={offer.name} size={64} />
          <Typography.Text type="secondary">
            Offer {offer.offerId} of {offer.feedName}. Its image is kept.
          </Typography.Text>
        </Flex>
        {offer.duplicateOfId !== null && (
          <Alert type="info" showIcon message={`A live deal (#${offer.duplicateOfId}) has the same store and promo code or link: accepting links the offer to it instead of adding a deal.`} />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <FormField control={control} name="categoryId" label="Store" required>
              {({ field, id, invalid }) => (
                <Select id={id} value={field.value ?? undefined} onChange={field.onChange} onBlur={field.onBlur} options={storeOptions} placeholder="Choose a store" showSearch optionFilterProp="label" status={invalid ? 'error' : undefined} />
              )}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="productTypeIds" label="Product Categories" required>
              {({ field, id, invalid }) => (
                <Select id={id} mode="multiple" value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={typeOptions} placeholder="Choose one or more" optionFilterProp="label" status={invalid ? 'error' : undefined} />
              )}
            </FormField>
          </Col>
          <Col xs={24}>
            <TextField control={control} name="name" label="Product Name" required maxLength={LIMITS.deal.name} />
          </Col>
          <Col xs={24}>
            <TextField control={control} name="link" label="Link" required maxLength={LIMITS.deal.link} placeholder="https://" />
          </Col>
          <Col xs={24}>
            <AffiliateLink control={control} dealId={0} stores={stores} />
          </Col>
          <Col xs={24} sm={12} md={8}>
            {price('currentPrice', 'Current Price')}
          </Col>
          <Col xs={24} sm={12} md={8}>
            {price('previousPrice', 'Previous Price')}
          </Col>
          <Col xs={24} md={8}>
            <TextField control={control} name="promoCode" label="Promo Code" maxLength={LIMITS.deal.promoCode} extra="Leave empty for No Code Needed." />
          </Col>
          <Col xs={24} sm={12}>
            {datePicker('dealStartsIn', 'Deal Starts In')}
          </Col>
          <Col xs={24} sm={12}>
            {datePicker('dealExpiresIn', 'Deal Expires In')}
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="additionalInformation" label="About this item">
              {({ field, id }) => <Input.TextArea id={id} {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.deal.additionalInformation} showCount />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="keywords" label="Keywords">
              {({ field, id }) => <Input.TextArea id={id} {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.deal.keywords} showCount />}
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            <TextField control={control} name="badgeText" label="Badge Text" maxLength={LIMITS.deal.badgeText} placeholder="e.g. Hot Deal" />
          </Col>
          <Col xs={24} sm={12}>
            <ColorField control={control} name="badgeColor" label="Badge Color" maxLength={LIMITS.deal.badgeColor} />
          </Col>
          <Col xs={12}>
            <SwitchField control={control} name="isActive" label="Is Active?" />
          </Col>
          <Col xs={12}>
            <SwitchField control={control} name="isFeatured" label="Is Featured?" />
          </Col>
        </Row>
      </div>
    </FormModal>
  );
}

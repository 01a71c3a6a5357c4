import { useForm } from 'react-hook-form';
import { Col, Divider, Row } from 'antd';
import { LIMITS } from '@deals/api/contract/limits';
import { MESSAGES } from '@deals/api/contract/messages';
import { BANNER_PICKER_TYPES } from '@deals/api/contract/section-rules';
import { toast } from '@deals/shared-auth';
import type { FormFieldValue } from '@deals/shared-auth/client';
import { FormModal, saveForm, TextField } from '@deals/shared-auth/ui';
import { SectionButtonsFields, SectionImageField, SectionLayoutFields, SectionRichTextField, SectionTypeField } from '../../components/section-fields/SectionFields';
import {
  bannerItemSchema,
  blankSection,
  fromBannerItem,
  imageMissing,
  layoutAndButtonFields,
  SECTION_FIELDS,
  sectionResolver,
  type SectionFormValues,
} from '../../components/section-fields/sectionForm';
import { createBannerItem, updateBannerItem, type BannerItem } from './api';

const BI = LIMITS.bannerItem;
/** The one type the banner picker offers (§4): Dynamic Banner. */
const BANNER_ITEM_TYPE = BANNER_PICKER_TYPES[0] ?? 'CONTENT_SECTION_DYNAMIC_BANNER';

/** The multipart body of Create/UpdateBannerItem. */
export function bannerItemFields(values: SectionFormValues): Record<string, FormFieldValue> {
  return { name: values.name.trim(), title: values.title.trim(), description: values.description, ...layoutAndButtonFields(values) };
}

interface BannerItemModalProps {
  bannerId: number;
  /** The item to edit; null adds one. */
  item: BannerItem | null;
  /** `saved` when the banner should be reloaded. */
  onClose: (saved: boolean) => void;
}

/**
 * Add or edit one banner item (spec 2 §3, §5): the content-section fields of a slide. A new item
 * needs an image; failures are warnings (§8).
 */
export function BannerItemModal({ bannerId, item, onClose }: BannerItemModalProps) {
  const form = useForm<SectionFormValues>({
    resolver: sectionResolver(bannerItemSchema),
    mode: 'onTouched',
    defaultValues: item ? fromBannerItem(item, BANNER_ITEM_TYPE) : blankSection(BANNER_ITEM_TYPE),
  });
  const { control, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (values) => {
    if (imageMissing(values, item?.imagePath, { optionalForTypes: false })) {
      setError('image', { type: 'required', message: MESSAGES.bannerItem.imageRequired });
      toast.warning(MESSAGES.bannerItem.imageRequired);
      return;
    }
    const fields = bannerItemFields(values);
    const saved = await saveForm({
      call: () => (item ? updateBannerItem(item.id, fields) : createBannerItem(bannerId, fields)),
      setError,
      fields: SECTION_FIELDS,
      failureState: 'warning',
    });
    if (saved) onClose(true);
  });

  return (
    <FormModal
      title={item ? 'Edit Banner Item' : 'Add Banner Item'}
      okText={item ? 'Save Changes' : 'Add'}
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      onSubmit={() => void submit()}
      onCancel={() => onClose(false)}
      width={960}
    >
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <SectionTypeField form={form} types={BANNER_PICKER_TYPES} />
        </Col>
        <Col xs={24} md={16}>
          <TextField control={control} name="name" label="Name" autoComplete="off" maxLength={BI.name} />
        </Col>
      </Row>
      <TextField control={control} name="title" label="Title" autoComplete="off" maxLength={BI.title} />
      <SectionRichTextField form={form} label="Description" required={false} />
      <Divider orientation="left">Layout</Divider>
      <SectionLayoutFields form={form} />
      <SectionImageField form={form} currentPath={item?.imagePath} required />
      <Divider orientation="left">Buttons</Divider>
      <SectionButtonsFields form={form} />
    </FormModal>
  );
}

import { useForm } from 'react-hook-form';
import { Alert, Col, Divider, Row } from 'antd';
import { isAxiosError } from 'axios';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { BANNER_PICKER_TYPES } from '@deals/contract/section-rules';
import { toast } from '@deals/shared-auth';
import { FormModal, TextField } from '@deals/shared-auth/ui';
import { isBlankHtml } from '../../components/rich-text/html';
import { SectionButtonsFields, SectionImageField, SectionLayoutFields, SectionRichTextField, SectionTypeField } from '../../components/section-fields/SectionFields';
import {
  bannerItemSchema,
  blankSection,
  fromBannerItem,
  imageMissing,
  layoutAndButtonFields,
  sectionResolver,
  type SectionFormValues,
} from '../../components/section-fields/sectionForm';
import { uploadBannerItemImage } from './api';
import { BANNER_ITEM_TYPE, newItemKey, type EditorItem } from './draft';

const BI = LIMITS.bannerItem;

/** Empty text is no text (the server stores null). */
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The modal's values as a draft item (the image is given separately: its stored name). */
export function draftItemOf(values: SectionFormValues, base: Pick<EditorItem, 'key' | 'id'>, imagePath: string | null): EditorItem {
  const fields = layoutAndButtonFields(values);
  return {
    key: base.key,
    id: base.id,
    name: textOrNull(values.name),
    type: values.type || BANNER_ITEM_TYPE,
    title: textOrNull(values.title),
    description: isBlankHtml(values.description) ? null : values.description,
    alignment: values.alignment,
    imagePath,
    isPadded: Boolean(fields.isPadded),
    isFloatingCard: Boolean(fields.isFloatingCard),
    hasRoundedCorners: values.hasRoundedCorners,
    isTextOnly: Boolean(fields.isTextOnly),
    primaryButtonText: textOrNull(fields.primaryButtonText),
    primaryButtonActionType: textOrNull(fields.primaryButtonActionType),
    primaryButtonLink: textOrNull(fields.primaryButtonLink),
    secondaryButtonText: textOrNull(fields.secondaryButtonText),
    secondaryButtonActionType: textOrNull(fields.secondaryButtonActionType),
    secondaryButtonLink: textOrNull(fields.secondaryButtonLink),
  };
}

/** The form's values of an item of the draft. */
function formValuesOf(item: EditorItem): SectionFormValues {
  const { key: _key, ...fields } = item;
  return fromBannerItem({ ...fields, id: item.id ?? 0, bannerId: 0, sortOrder: 0 }, BANNER_ITEM_TYPE);
}

/** The message of a failed upload's `file` field, if the server named one. */
function uploadFieldError(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const message = (error.response?.data as { errors?: Record<string, unknown> } | undefined)?.errors?.file;
  return typeof message === 'string' ? message : undefined;
}

interface BannerItemModalProps {
  /** The item to edit; null adds one. */
  item: EditorItem | null;
  /** The server's messages for this item from the last Save Draft, shown above its fields. */
  serverErrors?: Record<string, string> | undefined;
  /** The edited or new item (nothing is sent to the server but a newly picked image). */
  onSave: (item: EditorItem) => void;
  onCancel: () => void;
}

/**
 * Add or edit one banner item (spec 2 §3, §5): the content-section fields of a slide. Drafts:
 * the item goes into the editor's draft, sent with Save Draft or Publish; a newly picked image is
 * uploaded here, so the draft holds its stored name. A new item needs an image; failures are
 * warnings (§8).
 */
export function BannerItemModal({ item, serverErrors, onSave, onCancel }: BannerItemModalProps) {
  const form = useForm<SectionFormValues>({
    resolver: sectionResolver(bannerItemSchema),
    mode: 'onTouched',
    defaultValues: item ? formValuesOf(item) : blankSection(BANNER_ITEM_TYPE),
  });
  const { control, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (values) => {
    if (imageMissing(values, item?.imagePath, { optionalForTypes: false })) {
      setError('image', { type: 'required', message: MESSAGES.bannerItem.imageRequired });
      toast.warning(MESSAGES.bannerItem.imageRequired);
      return;
    }
    let imagePath = item?.imagePath ?? null;
    if (values.image) {
      try {
        imagePath = await uploadBannerItemImage(values.image);
      } catch (error) {
        const message = uploadFieldError(error);
        if (message) setError('image', { type: 'server', message });
        toast.failure(error, 'warning');
        return;
      }
    }
    onSave(draftItemOf(values, item ?? { key: newItemKey(), id: null }, imagePath));
  });

  return (
    <FormModal
      title={item ? 'Edit Banner Item' : 'Add Banner Item'}
      okText={item ? 'Save Changes' : 'Add'}
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      unsaved={formState.isDirty}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      width={960}
    >
      {serverErrors && Object.keys(serverErrors).length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="Save Draft was refused for this item:"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {Object.entries(serverErrors).map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          }
        />
      )}
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

import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Col, Input, Row, Select, Typography } from 'antd';
import { ALIGNMENTS, BUTTON_ACTION_TYPES, type ButtonActionType, type ContentSectionType } from '@deals/contract/enums';
import { LIMITS } from '@deals/contract/limits';
import { ALIGNMENT_LABELS, BUTTON_ACTION_TYPE_LABELS, CONTENT_SECTION_TYPE_LABELS, layoutForType } from '@deals/contract/section-rules';
import { FormField, ImageUploadField, SwitchField } from '@deals/shared-auth/ui';
import { RichTextEditor } from '../rich-text/RichTextEditor';
import { uploadSectionImage } from './sectionApi';
import { BUTTON_GROUPS, layoutValues, type ButtonGroup, type SectionFormValues } from './sectionForm';

// The field groups content sections and banner items share: type (with its §4 effects), layout,
// picture, rich text and the two buttons.

type SectionForm = UseFormReturn<SectionFormValues>;

/** Fields whose rule depends on the type; checked again after a type change once they show a state. */
const TYPE_DEPENDENT = ['title', 'description', 'image'] as const;

/**
 * §4: choosing a type sets the layout flags and, for Default and Reversed, the alignment; the
 * title, description and image requirements follow the type.
 */
export function applyType(form: SectionForm, type: ContentSectionType) {
  const layout = layoutValues(type, form.getValues('alignment'));
  form.setValue('alignment', layout.alignment, { shouldDirty: true });
  form.setValue('isPadded', layout.isPadded, { shouldDirty: true });
  form.setValue('isFloatingCard', layout.isFloatingCard, { shouldDirty: true });
  form.setValue('isTextOnly', layout.isTextOnly, { shouldDirty: true });
  const recheck = TYPE_DEPENDENT.filter((name) => {
    const state = form.getFieldState(name);
    return state.isTouched || state.error !== undefined;
  });
  if (recheck.length) void form.trigger(recheck);
}

/** The type select: the content-section picker offers 8 layout types, the banner picker one (§4). */
export function SectionTypeField({ form, types, label = 'Type' }: { form: SectionForm; types: readonly ContentSectionType[]; label?: string }) {
  return (
    <FormField control={form.control} name="type" label={label} required>
      {({ field, id, invalid }) => (
        <Select<ContentSectionType>
          id={id}
          value={field.value || undefined}
          placeholder="Choose a type"
          options={types.map((type) => ({ value: type, label: CONTENT_SECTION_TYPE_LABELS[type] }))}
          onChange={(type) => {
            field.onChange(type);
            applyType(form, type);
          }}
          onBlur={field.onBlur}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
        />
      )}
    </FormField>
  );
}

/** Alignment (locked for Default and Reversed) and the layout flags (set by the type; rounded corners free). */
export function SectionLayoutFields({ form }: { form: SectionForm }) {
  const type = useWatch({ control: form.control, name: 'type' });
  const locked = type ? layoutForType(type).lockedAlignment : null;
  const byType = type ? `Set by the ${CONTENT_SECTION_TYPE_LABELS[type]} type` : 'Set by the type';
  return (
    <Row gutter={24}>
      <Col xs={24} md={8}>
        <FormField control={form.control} name="alignment" label="Alignment" required extra={locked ? byType : undefined}>
          {({ field, id, invalid }) => (
            <Select
              id={id}
              value={field.value}
              options={ALIGNMENTS.map((alignment) => ({ value: alignment, label: ALIGNMENT_LABELS[alignment] }))}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked !== null}
              status={invalid ? 'error' : undefined}
            />
          )}
        </FormField>
      </Col>
      <Col xs={12} md={4}>
        <SwitchField control={form.control} name="isPadded" label="Is Padded?" disabled />
      </Col>
      <Col xs={12} md={4}>
        <SwitchField control={form.control} name="isFloatingCard" label="Is Floating Card?" disabled />
      </Col>
      <Col xs={12} md={4}>
        <SwitchField control={form.control} name="isTextOnly" label="Is Text Only?" disabled />
      </Col>
      <Col xs={12} md={4}>
        <SwitchField control={form.control} name="hasRoundedCorners" label="Has Rounded Corners?" />
      </Col>
      <Col xs={24}>
        <Typography.Text type="secondary">Padded, floating card and text only follow the type.</Typography.Text>
      </Col>
    </Row>
  );
}

/** The record's picture: required unless the caller says otherwise (§4: optional for Text Only and Custom). */
export function SectionImageField({ form, currentPath, required }: { form: SectionForm; currentPath?: string | null | undefined; required: boolean }) {
  return (
    <Controller
      control={form.control}
      name="image"
      render={({ field, fieldState }) => (
        <ImageUploadField
          label="Image"
          required={required}
          file={field.value ?? null}
          onChange={(file) => {
            field.onChange(file);
            form.clearErrors('image');
          }}
          currentPath={currentPath}
          error={fieldState.error?.message}
          extra="JPEG, PNG, WebP or GIF, at most 10 MB."
        />
      )}
    />
  );
}

/** The description as rich text; pictures go through `ContentSection/UploadImageToContentSection`. */
export function SectionRichTextField({ form, label, required }: { form: SectionForm; label: string; required: boolean }) {
  return (
    <FormField control={form.control} name="description" label={label} required={required}>
      {({ field, invalid }) => (
        <RichTextEditor label={label} value={field.value} onChange={field.onChange} onBlur={field.onBlur} uploadImage={uploadSectionImage} invalid={invalid} />
      )}
    </FormField>
  );
}

const LINK_PLACEHOLDERS: Record<ButtonActionType, string> = {
  PAGE: '/about-us',
  LINK_NEW_TAB: 'https://www.example.com',
  PHONENUMBER: '(999) 999-9999',
  EMAIL: 'name@example.com',
};

const CS = LIMITS.contentSection;

/** One button: text, action type and link; a change re-checks all three (§5 rules across them). */
function ButtonGroupFields({ form, group }: { form: SectionForm; group: ButtonGroup }) {
  const label = group === 'primary' ? 'Primary' : 'Secondary';
  const names = [`${group}ButtonText`, `${group}ButtonActionType`, `${group}ButtonLink`] as const;
  const [textName, typeName, linkName] = names;
  const actionType = useWatch({ control: form.control, name: typeName });
  // The three are checked together: a change can make another one required, or valid again.
  const recheck = () => void form.trigger([...names]);

  return (
    <Row gutter={24}>
      <Col xs={24} md={8}>
        <FormField control={form.control} name={textName} label={`${label} Button Text`}>
          {({ field, id, invalid }) => (
            <Input
              id={id}
              name={field.name}
              value={field.value}
              maxLength={CS.buttonText}
              autoComplete="off"
              onChange={(event) => {
                field.onChange(event.target.value);
                recheck();
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-invalid={invalid || undefined}
            />
          )}
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField control={form.control} name={typeName} label={`${label} Action Type`}>
          {({ field, id, invalid }) => (
            <Select<ButtonActionType>
              id={id}
              value={(field.value as ButtonActionType) || undefined}
              placeholder="Choose an action"
              allowClear
              options={BUTTON_ACTION_TYPES.map((type) => ({ value: type, label: BUTTON_ACTION_TYPE_LABELS[type] }))}
              onChange={(type) => {
                field.onChange(type ?? '');
                recheck();
              }}
              onBlur={field.onBlur}
              status={invalid ? 'error' : undefined}
            />
          )}
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField control={form.control} name={linkName} label={`${label} Action Link`}>
          {({ field, id, invalid }) => (
            <Input
              id={id}
              name={field.name}
              value={field.value}
              maxLength={CS.buttonLink}
              autoComplete="off"
              placeholder={actionType ? LINK_PLACEHOLDERS[actionType as ButtonActionType] : undefined}
              onChange={(event) => {
                field.onChange(event.target.value);
                recheck();
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-invalid={invalid || undefined}
            />
          )}
        </FormField>
      </Col>
    </Row>
  );
}

/** The primary and secondary buttons (§3, §5). */
export function SectionButtonsFields({ form }: { form: SectionForm }) {
  return (
    <>
      {BUTTON_GROUPS.map((group) => (
        <ButtonGroupFields key={group} form={form} group={group} />
      ))}
    </>
  );
}

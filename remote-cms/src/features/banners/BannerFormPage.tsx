import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Card, Col, Form, Result, Row, Select } from 'antd';
import { LIMITS } from '@deals/contract/limits';
import { BANNER_PICKER_TYPES, CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import { toast, useUnsavedChanges } from '@deals/shared-auth';
import { PageHeader, recordId, recordProblem, RecordSpinner, saveForm, SwitchField, TextField, useRecord, type ConflictHandling } from '@deals/shared-auth/ui';
import { DraftPublishFooter, PublishingBar, usePublish, type EditorialCalls } from '../../components/publishing';
import { assignToOrigin, originFields, originFromParams, originOf, originPath, type Origin } from '../../components/section-fields/origin';
import { bannerEditPath, SECTIONS_LIST_PATH } from '../../components/section-fields/paths';
import { createBanner, discardBannerDraft, fetchBanner, publishBanner, saveBannerDraft, scheduleBanner, unpublishBanner, type AdminBanner, type BannerSnapshot } from './api';
import { BannerItems } from './BannerItems';
import {
  BANNER_HISTORY_LABELS,
  BANNER_LABELS,
  draftItemsBody,
  editableSnapshot,
  editorialOf,
  editorItems,
  formatBannerValue,
  itemErrorsOf,
  sameItems,
  type EditorItem,
  type ItemErrors,
} from './draft';
import { bannerSchema, type BannerFormValues } from './schemas';
import { ReturnLinks } from '../../components/section-fields/ReturnLinks';

const FIELDS: FieldPath<BannerFormValues>[] = ['name', 'isActive'];
const TYPE_OPTIONS = BANNER_PICKER_TYPES.map((type) => ({ value: type, label: CONTENT_SECTION_TYPE_LABELS[type] }));

/** Banner Name, Type (the one Dynamic Banner) and Is Active? (spec 2 §3, §5). */
function BannerFields({ control }: { control: Control<BannerFormValues> }) {
  const typeId = useId();
  return (
    <Form layout="vertical" component="div">
      <Row gutter={24}>
        <Col xs={24} md={10}>
          <TextField control={control} name="name" label={BANNER_LABELS.name} required autoComplete="off" maxLength={LIMITS.banner.name} />
        </Col>
        <Col xs={24} md={8}>
          {/* §4: the banner picker offers one type; a banner's slides are its items. */}
          <Form.Item label="Type" htmlFor={typeId} required>
            <Select id={typeId} value={TYPE_OPTIONS[0]?.value} options={TYPE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <SwitchField control={control} name="isActive" label={BANNER_LABELS.isActive} />
        </Col>
      </Row>
    </Form>
  );
}

/**
 * A new banner (added to the page or blog it is created from): created and published at once,
 * then its edit screen opens for its items (§4). Failures are warnings (§8).
 */
function NewBannerForm({ origin }: { origin: Origin | null }) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useForm<BannerFormValues>({
    resolver: yupResolver(bannerSchema),
    mode: 'onTouched',
    defaultValues: { name: '', isActive: true },
  });
  const backPath = origin ? originPath(origin) : SECTIONS_LIST_PATH;
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const submit = handleSubmit(async ({ name, isActive }) => {
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
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="New banner">
        <BannerFields control={control} />
        <DraftPublishFooter editing={false} valid={formState.isValid} submitting={formState.isSubmitting} onCancel={() => void navigate(backPath)} />
      </form>
    </Card>
  );
}

/**
 * An existing banner: the editor works on its draft, the banner's fields and its items
 * as one value (the published banner when there is no draft). Adding, editing, deleting and
 * sorting items changes the editor only; Save Draft sends the banner and all its items (the public
 * site is unchanged) and stays; Publish saves any unsaved edits as the draft first, then publishes
 * it. A reload that brings other values (after Save Draft, Publish, Discard or a restored revision)
 * resets the editor to them; one that brings the same values keeps the unsaved edits.
 */
function BannerEditor({ banner, origin, onChanged }: { banner: AdminBanner; origin: Origin | null; onChanged: () => void }) {
  const navigate = useNavigate();
  const formId = useId();
  const snapshot = editableSnapshot(banner);
  const startValues = useMemo(() => ({ name: snapshot.name, isActive: snapshot.isActive }), [snapshot.name, snapshot.isActive]);
  const { control, handleSubmit, formState, reset, setError, getValues, setValue } = useForm<BannerFormValues>({
    resolver: yupResolver(bannerSchema),
    mode: 'onTouched',
    defaultValues: startValues,
    values: startValues,
  });

  // The items: local until Save Draft or Publish. New saved values replace them (and their errors).
  const savedJson = JSON.stringify(snapshot.items);
  const savedItems = useMemo(() => editorItems(JSON.parse(savedJson) as BannerSnapshot['items']), [savedJson]);
  const [items, setItems] = useState<EditorItem[]>(savedItems);
  const [itemsFrom, setItemsFrom] = useState(savedItems);
  const [itemErrors, setItemErrors] = useState<ItemErrors>({});
  // The items just saved as the draft, until the reload brings them back as savedItems.
  const [justSaved, setJustSaved] = useState<EditorItem[] | null>(null);
  if (itemsFrom !== savedItems) {
    setItemsFrom(savedItems);
    setItems(savedItems);
    setItemErrors({});
    setJustSaved(null);
  }
  const itemsChanged = !sameItems(items, justSaved ?? savedItems);
  const changeItems = (next: EditorItem[]) => {
    setItems(next);
    // An item edited since the failed save loses its messages; the others keep theirs.
    setItemErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => next.some((item) => item.key === Number(key) && items.includes(item)))));
  };

  const { publishing, publish: runPublish } = usePublish();
  const backPath = origin ? originPath(origin) : SECTIONS_LIST_PATH;

  /** Sends the banner and its items as the draft; resolves whether it saved (its messages go under the fields and the item rows). */
  /** What was saved is the editor's baseline while it reloads: nothing reads as unsaved meanwhile. */
  const markSaved = (values: BannerFormValues, sent: EditorItem[]) => {
    reset(values);
    setJustSaved(sent);
  };

  /**
   * Someone else saved the banner meanwhile: the editor shows their banner and items; the
   * comparison lists the name, flag and slides, and puts the user's back on request.
   */
  const conflictHandling = (sent: EditorItem[]): ConflictHandling<BannerFormValues & { items: string[] }> => {
    let latestItems: EditorItem[] = [];
    const titles = (list: readonly { title?: string | null; name?: string | null }[]) => list.map((item) => item.title || item.name || '(untitled)');
    return {
      values: () => ({ ...getValues(), items: titles(sent) }),
      toValues: (latest: AdminBanner) => {
        const next = editableSnapshot(latest);
        latestItems = editorItems(next.items);
        return { name: next.name, isActive: next.isActive, items: titles(next.items) };
      },
      show: ({ name, isActive }) => {
        reset({ name, isActive });
        setItems(latestItems);
      },
      restore: (field, value) => {
        if (field === 'items') changeItems(sent);
        else if (field === 'name' || field === 'isActive') setValue(field, value as never, { shouldDirty: true, shouldValidate: true });
      },
      labels: { name: 'Banner Name', isActive: 'Is Active?', items: 'Slides' },
    };
  };

  const saveDraft = async (values: BannerFormValues) => {
    const sent = items;
    const saved = await saveForm({
      call: async () => {
        try {
          return await saveBannerDraft(banner.id, { name: values.name, isActive: values.isActive, items: draftItemsBody(sent) });
        } catch (error) {
          setItemErrors(itemErrorsOf(error, sent));
          throw error;
        }
      },
      setError,
      fields: FIELDS,
      failureState: 'warning',
      conflict: conflictHandling(sent),
    });
    if (saved) markSaved(values, sent);
    return saved;
  };

  const submit = handleSubmit(async (values) => {
    if (await saveDraft(values)) {
      setItemErrors({});
      onChanged();
    }
  });

  /** Publish: unsaved edits are saved as the draft first; then the draft goes public. */
  const publish = () =>
    runPublish({
      saveDraft:
        formState.isDirty || itemsChanged
          ? () =>
              new Promise<boolean>((resolve) => {
                void handleSubmit(
                  async (values) => resolve(await saveDraft(values)),
                  () => resolve(false),
                )();
              })
          : undefined,
      publish: () => publishBanner(banner.id),
      onChanged,
    });

  const dirty = formState.isDirty || itemsChanged;
  const busy = formState.isSubmitting || publishing;
  // Slides added, edited or removed here are staged until Save Draft: leaving asks first.
  useUnsavedChanges(dirty && !busy);
  // Nothing to publish: no draft, no unsaved edit, already public (the server would refuse).
  const nothingToPublish = !dirty && !editorialOf(banner).hasDraft && banner.isActive;

  return (
    <>
      <Card title="Basic Information">
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate aria-label="Banner details">
          <BannerFields control={control} />
        </form>
      </Card>
      <BannerItems items={items} onChange={changeItems} errors={itemErrors} changed={itemsChanged} />
      <DraftPublishFooter
        editing
        valid={formState.isValid}
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        publishing={publishing}
        nothingToPublish={nothingToPublish}
        onPublish={() => void publish()}
        onCancel={() => void navigate(backPath)}
        formId={formId}
      />
    </>
  );
}

const notFound = <Result status="404" title="Banner not found" subTitle="It may have been deleted." extra={<Link to={SECTIONS_LIST_PATH}>Return to Listing</Link>} />;

/** An existing banner: the publishing bar, its form, then its items. Reloaded after a save or an editorial action. */
function EditBanner({ id }: { id: number }) {
  const handle = useRecord(fetchBanner, id);
  const calls = useMemo<EditorialCalls>(
    () => ({
      publish: () => publishBanner(id),
      unpublish: () => unpublishBanner(id),
      discardDraft: () => discardBannerDraft(id),
      schedule: (body) => scheduleBanner(id, body),
    }),
    [id],
  );
  const problem = recordProblem(handle, { noun: 'banner', notFound, back: <Link to={SECTIONS_LIST_PATH}>Return to Listing</Link> });
  if (problem) return problem;
  const { loaded, reload } = handle;
  const origin = loaded.state === 'ready' ? originOf(loaded.record) : null;
  return (
    <>
      <PageHeader title="Banner Details" extra={<ReturnLinks origin={origin} />} />
      {loaded.state === 'ready' ? (
        <>
          <PublishingBar
            noun="banner"
            recordType="banner"
            recordId={id}
            isActive={loaded.record.isActive}
            editorial={editorialOf(loaded.record)}
            calls={calls}
            historyLabels={BANNER_HISTORY_LABELS}
            formatValue={formatBannerValue}
            onChanged={reload}
          />
          <BannerEditor banner={loaded.record} origin={origin} onChanged={reload} />
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
      <NewBannerForm key={origin ? `${origin.kind}-${origin.id}` : 'new'} origin={origin} />
    </>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Col, Form, Result, Row, Select } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { toast, useUnsavedChanges } from '@deals/shared-auth';
import { FormField, FormFooter, PageHeader, recordId, recordProblem, RecordSpinner, formConflict, saveForm, SwitchField, TextField, useRecord } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { createMenuItem, fetchMenuItem, fetchMenuItems, fetchPages, updateMenuItem, type MenuItem } from './api';
import { AssignedMenuItems } from './AssignedMenuItems';
import { canChooseParent, formValues, hasCustomLink, menuItemSchema, parentChoices, showsCustomLink, toFields, type MenuItemForm as MenuItemValues } from './schemas';
import { editPath, LIST_PATH } from './paths';

/** Fields whose server messages (400 `errors`) go under the field. */
const FORM_FIELDS: FieldPath<MenuItemValues>[] = ['name', 'pageId', 'customLink', 'parentMenuItemId', 'openInNewTab', 'isActive'];

/** Spec 2 §8: the menu item screen shows its create and update failures as warnings. */
const FAILURE = 'warning' as const;

const returnToListing = (
  <Link to={LIST_PATH}>
    <ArrowLeftOutlined /> Return to Listing
  </Link>
);

/** A list a select offers, loaded once; a failed load is an error toast and an empty list. */
function useOptions<Row>(load: () => Promise<Row[]>) {
  const [state, setState] = useState<{ rows: Row[]; loading: boolean }>({ rows: [], loading: true });
  useEffect(() => {
    let current = true;
    load().then(
      (rows) => {
        if (current) setState({ rows, loading: false });
      },
      (error: unknown) => {
        toast.failure(error);
        if (current) setState({ rows: [], loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, [load]);
  return state;
}

const inactive = (name: string, isActive: boolean) => (isActive ? name : `${name} (inactive)`);

/**
 * The item's name, page or custom link, parent and flags (spec 2 §4, §5). Create goes on to the
 * new item's edit screen; Save Changes returns to the list.
 */
function MenuItemForm({ item }: { item?: MenuItem }) {
  const navigate = useNavigate();
  const editing = item !== undefined;
  const form = useForm<MenuItemValues>({
    resolver: yupResolver(menuItemSchema),
    mode: 'onTouched',
    defaultValues: formValues(item),
  });
  const { control, handleSubmit, formState, setError } = form;
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);
  const pageId = useWatch({ control, name: 'pageId' });
  const customLink = useWatch({ control, name: 'customLink' });
  const pages = useOptions(fetchPages);
  const menu = useOptions(fetchMenuItems);

  const pageOptions = useMemo(() => pages.rows.map((page) => ({ value: page.id, label: inactive(page.name, page.isActive) })), [pages.rows]);
  const parentOptions = useMemo(() => parentChoices(menu.rows, item?.id).map((parent) => ({ value: parent.id, label: inactive(parent.name, parent.isActive) })), [menu.rows, item?.id]);

  const linkSet = hasCustomLink(customLink);
  const linkShown = showsCustomLink(pageId);
  const parentAllowed = canChooseParent(item);

  const submit = handleSubmit(async (values) => {
    const fields = toFields(values, item);
    if (item) {
      const conflict = formConflict(form, (latest: MenuItem) => formValues(latest));
      const saved = await saveForm({ call: () => updateMenuItem(item.id, fields), setError, fields: FORM_FIELDS, failureState: FAILURE, conflict });
      if (saved) void navigate(LIST_PATH);
      return;
    }
    let createdId: number | undefined;
    const call = async () => {
      const created = await createMenuItem(fields);
      createdId = created.id;
      return created;
    };
    const saved = await saveForm({ call, setError, fields: FORM_FIELDS, failureState: FAILURE });
    if (saved && createdId !== undefined) void navigate(editPath(createdId));
  });

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Menu item details' : 'New menu item'}>
        <Form layout="vertical" component="div">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <TextField control={control} name="name" label="Menu Item Name" required autoComplete="off" maxLength={LIMITS.menuItem.name} />
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="pageId" label="Assigned Page" extra={linkSet ? 'A custom link is set: clear it to assign a page instead.' : 'The page this item opens; leave empty to use a custom link.'}>
                {({ field, id, invalid }) => (
                  <Select
                    id={id}
                    value={field.value ?? undefined}
                    onChange={(value: number | undefined) => field.onChange(value ?? null)}
                    onBlur={field.onBlur}
                    options={pageOptions}
                    loading={pages.loading}
                    disabled={linkSet}
                    placeholder="Choose a page"
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    status={invalid ? 'error' : undefined}
                  />
                )}
              </FormField>
            </Col>
            {linkShown && (
              <Col xs={24} md={12}>
                <TextField
                  control={control}
                  name="customLink"
                  label="Custom Link"
                  autoComplete="off"
                  maxLength={LIMITS.menuItem.customLink}
                  placeholder="/deals or https://…"
                  extra="A site path such as /deals, an http(s) address, mailto: or tel:."
                />
              </Col>
            )}
            <Col xs={24} md={12}>
              <FormField control={control} name="parentMenuItemId" label="Parent Menu Item" extra={parentAllowed ? 'Leave empty for a top-level item.' : CMS_MESSAGES.menuHasChildren}>
                {({ field, id, invalid }) => (
                  <Select
                    id={id}
                    value={field.value ?? undefined}
                    onChange={(value: number | undefined) => field.onChange(value ?? null)}
                    onBlur={field.onBlur}
                    options={parentOptions}
                    loading={menu.loading}
                    disabled={!parentAllowed}
                    placeholder="None (top level)"
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    status={invalid ? 'error' : undefined}
                  />
                )}
              </FormField>
            </Col>
            <Col xs={12} md={6}>
              <SwitchField control={control} name="openInNewTab" label="Open in New Tab?" />
            </Col>
            <Col xs={12} md={6}>
              <SwitchField control={control} name="isActive" label="Is Active?" />
            </Col>
          </Row>
        </Form>
        <FormFooter>
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

const notFound = <Result status="404" title={CMS_MESSAGES.menuItemNotFound} subTitle="It may have been deleted." extra={returnToListing} />;

/** An existing item: its form, then its Assigned Menu Items (which reload it when they change). */
function EditMenuItem({ id }: { id: number }) {
  const handle = useRecord(fetchMenuItem, id);
  const problem = recordProblem(handle, { noun: 'menu item', notFound, back: returnToListing });
  if (problem) return problem;
  const { loaded, reload } = handle;
  return (
    <>
      <PageHeader title="Menu Item Details" extra={returnToListing} />
      {loaded.state === 'ready' ? (
        <>
          <MenuItemForm item={loaded.record} />
          <AssignedMenuItems item={loaded.record} onChanged={reload} />
        </>
      ) : (
        <RecordSpinner noun="menu item" />
      )}
    </>
  );
}

/** `/menu-item` (new) and `/menu-item/edit/:menuItemId`. */
export default function MenuItemFormPage() {
  const { menuItemId } = useParams();
  if (menuItemId === undefined)
    return (
      <>
        <PageHeader title="New Menu Item" />
        <MenuItemForm />
      </>
    );
  const id = recordId(menuItemId);
  if (id === null) return notFound;
  // Keyed by id: moving from one item (or from New) to another starts a fresh form.
  return <EditMenuItem key={id} id={id} />;
}

import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Result, Row, Spin } from 'antd';
import type { SiteAsset } from '@deals/contract';
import { toast, useUnsavedChanges } from '@deals/shared-auth';
import { HOT_DEAL_THRESHOLD } from '@deals/contract/asset-rules';
import { FormField, FormFooter, ImageUploadField, PageHeader, PhoneField, formConflict, saveForm, TextField } from '@deals/shared-auth/ui';
import { fetchSiteAsset, updateSiteAsset } from './api';
import { fromSiteAsset, maskZip, SITE_SETTINGS_FORM_FIELDS, SITE_SETTINGS_LIMITS as L, siteSettingsSchema, toSiteAssetFields, type SiteSettingsValues } from './schemas';

const TITLE = 'Assets and Resources';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; asset: SiteAsset; version: number };

/**
 * The settings of `Asset/GetAsset`, reloadable after a save. A failed load is an error toast
 * (spec §8); a failed reload keeps the form that is shown.
 */
function useSiteAsset() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchSiteAsset().then(
      (asset) => {
        if (current) setLoaded((shown) => ({ state: 'ready', asset, version: shown.state === 'ready' ? shown.version + 1 : 1 }));
      },
      (error: unknown) => {
        if (!current) return;
        toast.failure(error);
        setLoaded((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { loaded, reload, retry };
}

/**
 * Site settings at /cms/management/assets-and-resources (spec §2, §3 SiteAsset, §5): the company
 * logo and icon, contact details, social links and SEO tools the public site shows. Failures of
 * this screen's save are warnings (§8).
 */
export default function SiteSettingsPage() {
  const { loaded, reload, retry } = useSiteAsset();
  return (
    <div className="site-settings">
      <PageHeader title={TITLE} />
      {loaded.state === 'loading' && <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}
      {loaded.state === 'failed' && (
        <Result
          status="error"
          title="The site settings could not be loaded"
          extra={
            <Button type="primary" onClick={retry}>
              Try again
            </Button>
          }
        />
      )}
      {/* Each load (first, or after a save) is a fresh form with its values and no picked files. */}
      {loaded.state === 'ready' && <SiteSettingsForm key={loaded.version} asset={loaded.asset} onSaved={reload} />}
    </div>
  );
}

function SiteSettingsForm({ asset, onSaved }: { asset: SiteAsset; onSaved: () => void }) {
  const [companyLogo, setCompanyLogo] = useState<File | null>(null);
  const [companyIcon, setCompanyIcon] = useState<File | null>(null);
  const form = useForm<SiteSettingsValues>({
    resolver: yupResolver(siteSettingsSchema),
    mode: 'onTouched',
    defaultValues: fromSiteAsset(asset),
  });
  const { control, handleSubmit, formState, reset, setError } = form;
  const busy = formState.isSubmitting;
  useUnsavedChanges((formState.isDirty || companyLogo !== null || companyIcon !== null) && !busy);

  const submit = handleSubmit(async (values) => {
    const saved = await saveForm({
      call: () => updateSiteAsset(toSiteAssetFields(values), { companyLogo, companyIcon }),
      setError,
      fields: SITE_SETTINGS_FORM_FIELDS,
      failureState: 'warning',
      conflict: formConflict(form, fromSiteAsset),
    });
    if (saved) {
      // Saved: the typed values are the form's baseline while the screen reloads what the server kept.
      reset(values);
      onSaved();
    }
  });

  /** Back to the loaded values: typed changes, messages and picked images are dropped. */
  const cancel = () => {
    reset();
    setCompanyLogo(null);
    setCompanyIcon(null);
  };

  const text = (name: keyof typeof L, label: string, extra?: { required?: boolean; placeholder?: string; autoComplete?: string; type?: 'email' }) => (
    <TextField control={control} name={name} label={label} maxLength={L[name]} {...extra} />
  );

  return (
    <>
      <Form layout="vertical" component="div" disabled={busy}>
        <Flex vertical gap={16}>
          <Card title="Resources">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <ImageUploadField label="Company Logo" file={companyLogo} onChange={setCompanyLogo} currentPath={asset.companyLogoPath} disabled={busy} extra="Shown in the public site's header." />
              </Col>
              <Col xs={24} md={12}>
                <ImageUploadField label="Company Icon" file={companyIcon} onChange={setCompanyIcon} currentPath={asset.companyIconPath} disabled={busy} extra="The browser tab's icon; a small square image." />
              </Col>
            </Row>
          </Card>

          <Card title="Basic Information">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                {text('companyName', 'Company Name', { required: true, autoComplete: 'organization' })}
              </Col>
              <Col xs={24} md={12}>
                {text('emailAddress', 'Email Address', { required: true, type: 'email', autoComplete: 'email' })}
              </Col>
              <Col xs={24} md={12}>
                <PhoneField control={control} name="phoneNumber" label="Phone Number" maxLength={L.phoneNumber} />
              </Col>
              <Col xs={24} md={12}>
                {text('streetAddress1', 'Street Address 1', { autoComplete: 'address-line1' })}
              </Col>
              <Col xs={24} md={12}>
                {text('streetAddress2', 'Street Address 2', { autoComplete: 'address-line2' })}
              </Col>
              <Col xs={24} md={12}>
                {text('city', 'City', { autoComplete: 'address-level2' })}
              </Col>
              <Col xs={24} md={12}>
                {text('state', 'State', { autoComplete: 'address-level1' })}
              </Col>
              <Col xs={24} md={12}>
                <FormField control={control} name="zipCode" label="Zip Code">
                  {({ field, id, invalid }) => (
                    <Input
                      id={id}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={(event) => field.onChange(maskZip(event.target.value))}
                      onBlur={field.onBlur}
                      inputMode="numeric"
                      autoComplete="postal-code"
                      placeholder="99999"
                      maxLength={L.zipCode}
                      aria-invalid={invalid || undefined}
                    />
                  )}
                </FormField>
              </Col>
              <Col xs={24} md={12}>
                {text('primaryWeekDayHours', 'Primary Weekday Hours', { placeholder: 'e.g. Mon–Fri 9:00 AM – 5:00 PM' })}
              </Col>
              <Col xs={24} md={12}>
                {text('secondaryWeekDayHours', 'Secondary Weekday Hours')}
              </Col>
              <Col xs={24} md={12}>
                {text('primaryWeekEndHours', 'Primary Weekend Hours', { placeholder: 'e.g. Sat 10:00 AM – 2:00 PM' })}
              </Col>
              <Col xs={24} md={12}>
                {text('secondaryWeekEndHours', 'Secondary Weekend Hours')}
              </Col>
            </Row>
          </Card>

          <Card title="Social Media and Links">
            <Row gutter={16}>
              {(
                [
                  ['facebookLink', 'Facebook Link'],
                  ['instagramLink', 'Instagram Link'],
                  ['twitterLink', 'Twitter Link'],
                  ['linkedInLink', 'LinkedIn Link'],
                  ['youtubeLink', 'YouTube Link'],
                  ['tiktokLink', 'TikTok Link'],
                  ['googleMapLink', 'Google Map Link'],
                  ['appStoreLink', 'App Store Link'],
                  ['googlePlayStoreLink', 'Google Play Store Link'],
                ] as const
              ).map(([name, label]) => (
                <Col key={name} xs={24} md={12}>
                  {text(name, label, { placeholder: 'https://' })}
                </Col>
              ))}
            </Row>
          </Card>

          <Card title="SEO Tools">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <TextField
                  control={control}
                  name="googleAnalyticsId"
                  label="Google Analytics Id"
                  maxLength={L.googleAnalyticsId}
                  placeholder="G-XXXXXXXXXX"
                  extra="Optional. When set, the public site loads Google Analytics with this id."
                />
              </Col>
              <Col xs={24} md={12}>
                <TextField control={control} name="facebookPixelCode" label="Facebook Pixel Code" maxLength={L.facebookPixelCode} placeholder="123456789012345" extra="The Meta pixel id (digits only)." />
              </Col>
              <Col xs={24}>
                <FormField control={control} name="seo" label="SEO" extra="The site's default description for search engines (plain text).">
                  {({ field, id, invalid }) => (
                    <Input.TextArea
                      id={id}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      rows={5}
                      maxLength={L.seo}
                      showCount
                      aria-invalid={invalid || undefined}
                    />
                  )}
                </FormField>
              </Col>
            </Row>
          </Card>

          <Card title="Deals">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <FormField
                  control={control}
                  name="hotDealThreshold"
                  label="Hot Deal Threshold"
                  required
                  extra="A deal shows the Hot badge when this many different visitors went to its store in the last 24 hours."
                >
                  {({ field, id, invalid }) => (
                    <InputNumber
                      id={id}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? undefined)}
                      onBlur={field.onBlur}
                      min={HOT_DEAL_THRESHOLD.min}
                      max={HOT_DEAL_THRESHOLD.max}
                      precision={0}
                      style={{ width: 160 }}
                      aria-invalid={invalid || undefined}
                    />
                  )}
                </FormField>
              </Col>
            </Row>
          </Card>
        </Flex>
      </Form>

      <FormFooter>
        <Button onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" onClick={() => void submit()} disabled={!formState.isValid || busy} loading={busy}>
          Save Changes
        </Button>
      </FormFooter>
    </>
  );
}

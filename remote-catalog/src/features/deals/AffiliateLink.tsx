import { useWatch, type Control } from 'react-hook-form';
import { Form, Radio, Space, Typography } from 'antd';
import type { Store } from '@deals/contract';
import { AFFILIATE_PLACEHOLDERS, AFFILIATE_TEMPLATE_MAX, DEAL_AFFILIATE_MODE_LABELS, DEAL_AFFILIATE_MODES, expandAffiliateLink, templateForDeal, type DealAffiliateMode } from '@deals/contract/affiliate-links';
import { FormField, TextField } from '@deals/shared-auth/ui';
import type { DealFormValues } from './schemas';
// Its own rules: the block is drawn by the deal form and by the review queue's Edit then accept.
import './affiliate-link.css';

/** What the preview puts where each click's own id goes. */
export const CLICK_ID_SAMPLE = 'CLICKID';

const MODE_OPTIONS = DEAL_AFFILIATE_MODES.map((mode) => ({ value: mode, label: DEAL_AFFILIATE_MODE_LABELS[mode] }));

/**
 * The address a click on this deal is sent to, as `/out/{dealId}` builds it (the contract's
 * functions), or null until there is a link to send visitors to. A new deal previews with id 0.
 */
export function previewLink(deal: { id: number; link: string; affiliateMode: DealAffiliateMode; affiliateLinkTemplate: string }, store: Pick<Store, 'id' | 'affiliateLinkTemplate'> | undefined): string | null {
  const link = deal.link.trim();
  if (!link) return null;
  const template = templateForDeal({ affiliateMode: deal.affiliateMode, affiliateLinkTemplate: deal.affiliateLinkTemplate.trim() || null }, store ? { affiliateLinkTemplate: store.affiliateLinkTemplate ?? null } : null);
  return expandAffiliateLink(template, { url: link, clickId: CLICK_ID_SAMPLE, dealId: deal.id, storeId: store?.id ?? 0 });
}

/**
 * The deal form's "Affiliate link" block: how click-outs are tagged (the store's template, the
 * deal's own, or none because the link already tracks) and a preview of where visitors land.
 */
export function AffiliateLink({ control, dealId, stores }: { control: Control<DealFormValues>; dealId: number; stores: readonly Store[] }) {
  const [mode, template, link, storeId] = useWatch({ control, name: ['affiliateMode', 'affiliateLinkTemplate', 'link', 'categoryId'] });
  const store = stores.find((candidate) => candidate.id === storeId);
  const affiliateMode = mode ?? 'STORE';
  const preview = previewLink({ id: dealId, link: link ?? '', affiliateMode, affiliateLinkTemplate: template ?? '' }, store);
  const linkAsIs = affiliateMode === 'STORE' && store !== undefined && !store.affiliateLinkTemplate;
  return (
    <>
      <FormField control={control} name="affiliateMode" label="Affiliate link">
        {({ field, id }) => (
          <Radio.Group id={id} value={field.value} onChange={(event) => field.onChange(event.target.value as DealAffiliateMode)} aria-label="Affiliate link">
            <Space direction="vertical">
              {MODE_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value}>
                  {option.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
      </FormField>
      {affiliateMode === 'OWN' && (
        <TextField
          control={control}
          name="affiliateLinkTemplate"
          label="Own link template"
          required
          maxLength={AFFILIATE_TEMPLATE_MAX}
          autoComplete="off"
          placeholder="https://…{clickId}…{url}"
          extra={`Placeholders: ${AFFILIATE_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}.`}
        />
      )}
      <Form.Item label="Visitors are sent to">
        {preview ? (
          <>
            <Typography.Text code className="deal-form__affiliate-preview" aria-label="Visitors are sent to">
              {preview}
            </Typography.Text>{' '}
            <Typography.Text type="secondary">(CLICKID: a new click id for every click)</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">Enter the link to see where visitors are sent.</Typography.Text>
        )}
        {linkAsIs && <div className="deal-form__affiliate-note">{store.name} has no link template: the link is used as it is.</div>}
      </Form.Item>
    </>
  );
}

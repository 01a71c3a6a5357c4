import { useWatch } from 'react-hook-form';
import { Select } from 'antd';
import { string, type ObjectShape } from 'yup';
import {
  AFFILIATE_MESSAGES,
  AFFILIATE_NETWORK_LABELS,
  AFFILIATE_NETWORKS,
  AFFILIATE_PLACEHOLDERS,
  AFFILIATE_PRESETS,
  AFFILIATE_TEMPLATE_MAX,
  affiliateTemplateProblem,
  type AffiliateNetwork,
  type StoreAffiliate,
} from '@deals/contract/affiliate-links';
import { FormField, TextField } from '@deals/shared-auth/ui';
import type { ImageEntity, ImageEntityExtraFields, ImageEntityValues } from '../../components/imageEntity';
import type { UseFormReturn } from 'react-hook-form';

// The store modal's affiliate fields: the network and the link template every click-out to the
// store's deals is sent through.

const NETWORK_OPTIONS = AFFILIATE_NETWORKS.map((network) => ({ value: network, label: AFFILIATE_NETWORK_LABELS[network] }));
const PRESETS: readonly string[] = Object.values(AFFILIATE_PRESETS);

export const PLACEHOLDER_HELP = `Placeholders: ${AFFILIATE_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}. {url} is the deal's link; start with {url}? to add parameters to it instead.`;

/**
 * The template after picking `network`: NONE has none; a network with a preset fills it in while
 * the template is empty or still another network's preset (nothing typed would be lost);
 * otherwise what was typed stays.
 */
export function templateAfterNetworkChange(network: AffiliateNetwork, template: string): string {
  if (network === 'NONE') return '';
  const preset = (AFFILIATE_PRESETS as Partial<Record<AffiliateNetwork, string>>)[network];
  if (preset && (template.trim() === '' || PRESETS.includes(template))) return preset;
  return template;
}

/** The same checks as the server's: required unless the network is NONE. */
export const affiliateRules: ObjectShape = {
  affiliateNetwork: string().oneOf([...AFFILIATE_NETWORKS], AFFILIATE_MESSAGES.networkInvalid).default('NONE'),
  affiliateLinkTemplate: string()
    .default('')
    .trim()
    .test('template', function check(template) {
      if ((this.parent as { affiliateNetwork?: string }).affiliateNetwork === 'NONE') return true;
      if (!template) return this.createError({ message: AFFILIATE_MESSAGES.templateRequired });
      const problem = affiliateTemplateProblem(template);
      return problem ? this.createError({ message: problem }) : true;
    }),
};

function AffiliateInputs({ form }: { form: UseFormReturn<ImageEntityValues> }) {
  const { control, getValues, setValue } = form;
  const network = useWatch({ control, name: 'affiliateNetwork' }) as AffiliateNetwork;
  return (
    <>
      <FormField control={control} name="affiliateNetwork" label="Affiliate network">
        {({ field, id }) => (
          <Select
            id={id}
            value={field.value as AffiliateNetwork}
            onChange={(next: AffiliateNetwork) => {
              field.onChange(next);
              // Touched too: a preset's message shows at once, so it must clear as the admin types
              // the account's values (in onTouched mode an untouched field revalidates only on blur).
              setValue('affiliateLinkTemplate', templateAfterNetworkChange(next, String(getValues('affiliateLinkTemplate') ?? '')), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
            }}
            onBlur={field.onBlur}
            options={NETWORK_OPTIONS}
          />
        )}
      </FormField>
      <TextField
        control={control}
        name="affiliateLinkTemplate"
        label="Link template"
        required={network !== 'NONE'}
        disabled={network === 'NONE'}
        maxLength={AFFILIATE_TEMPLATE_MAX}
        autoComplete="off"
        placeholder={network === 'NONE' ? 'Click-outs go to the deals’ links unchanged' : 'https://…{clickId}…{url}'}
        extra={PLACEHOLDER_HELP}
      />
    </>
  );
}

/** The stores screen's extra modal fields (the store calls answer `Store` records, with these for staff). */
export const STORE_AFFILIATE_FIELDS: ImageEntityExtraFields = {
  labels: { affiliateNetwork: 'Affiliate network', affiliateLinkTemplate: 'Link template' },
  blank: { affiliateNetwork: 'NONE', affiliateLinkTemplate: '' },
  fromRecord: (record: ImageEntity & Partial<StoreAffiliate>) => ({ affiliateNetwork: record.affiliateNetwork ?? 'NONE', affiliateLinkTemplate: record.affiliateLinkTemplate ?? '' }),
  rules: affiliateRules,
  Inputs: AffiliateInputs,
};

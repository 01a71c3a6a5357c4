import { AFFILIATE_PRESETS } from '@deals/contract/affiliate-links';
import { templateAfterNetworkChange } from './affiliate';
import { storeSchema } from './schemas';

const valid = { name: 'Amazon', isActive: true, notifyImmediately: false, logo: null };

describe('store form rules (spec §5 Store)', () => {
  it('requires a name, blank or not, with the spec message', async () => {
    await expect(storeSchema.validate({ ...valid, name: '' })).rejects.toThrow('Store Name is required');
    await expect(storeSchema.validate({ ...valid, name: '   ' })).rejects.toThrow('Store Name is required');
  });

  it('takes at most 250 characters, after trimming', async () => {
    await expect(storeSchema.validate({ ...valid, name: 'a'.repeat(251) })).rejects.toThrow('Store Name must be at most 250 characters');
    await expect(storeSchema.validate({ ...valid, name: ` ${'a'.repeat(250)} ` })).resolves.toMatchObject({ name: 'a'.repeat(250) });
  });
});

describe('store affiliate rules', () => {
  it('needs a usable template unless the network is NONE', async () => {
    await expect(storeSchema.validate({ ...valid, affiliateNetwork: 'NONE', affiliateLinkTemplate: '' })).resolves.toBeTruthy();
    await expect(storeSchema.validate({ ...valid, affiliateNetwork: 'AWIN', affiliateLinkTemplate: '  ' })).rejects.toThrow('Enter the link template');
    await expect(storeSchema.validate({ ...valid, affiliateNetwork: 'CUSTOM', affiliateLinkTemplate: 'https://t.example/?to={url}' })).rejects.toThrow('Link template must contain {clickId}');
    await expect(storeSchema.validate({ ...valid, affiliateNetwork: 'CUSTOM', affiliateLinkTemplate: 'https://t.example/?c={clickId}&to={url}' })).resolves.toBeTruthy();
  });

  it('fills a preset only over an empty template or another preset', () => {
    expect(templateAfterNetworkChange('AMAZON', '')).toBe(AFFILIATE_PRESETS.AMAZON);
    expect(templateAfterNetworkChange('AMAZON', AFFILIATE_PRESETS.AWIN)).toBe(AFFILIATE_PRESETS.AMAZON);
    expect(templateAfterNetworkChange('AMAZON', '{url}?tag=mine-20&ascsubtag={clickId}')).toBe('{url}?tag=mine-20&ascsubtag={clickId}');
    expect(templateAfterNetworkChange('CUSTOM', AFFILIATE_PRESETS.AWIN)).toBe(AFFILIATE_PRESETS.AWIN);
    expect(templateAfterNetworkChange('NONE', '{url}?tag=mine-20&ascsubtag={clickId}')).toBe('');
  });
});

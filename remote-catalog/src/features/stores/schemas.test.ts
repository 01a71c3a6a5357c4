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

import { ValidationError } from 'yup';
import { CONTENT_SECTION_TYPES, type Alignment, type ContentSectionType } from '@deals/contract/enums';
import { BANNER_PICKER_TYPES, CONTENT_SECTION_PICKER_TYPES, CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { assignToOrigin, originFromParams, originOf, originPath } from './origin';
import { uploadSectionImage } from './sectionApi';
import { bannerItemSchema, blankSection, contentSectionSchema, imageMissing, layoutAndButtonFields, layoutValues, type SectionFormValues } from './sectionForm';

/** The schema's messages for these values, by field (empty when valid). */
function messagesOf(schema: typeof contentSectionSchema | typeof bannerItemSchema, values: Partial<SectionFormValues>): Record<string, string> {
  try {
    schema.validateSync({ ...blankSection(), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

const validSection = (type: ContentSectionType): Partial<SectionFormValues> => ({
  name: 'About us',
  type,
  title: 'Who we are',
  description: '<p>Deals every day.</p>',
});

describe('the pickers', () => {
  it('offer the 8 content-section layout types with the spec labels, and one banner type', () => {
    expect(CONTENT_SECTION_PICKER_TYPES.map((type) => CONTENT_SECTION_TYPE_LABELS[type])).toEqual([
      'Custom',
      'Default',
      'Reversed',
      'Full Width',
      'Full Width Padded',
      'Text Only',
      'Card',
      'Banner',
    ]);
    expect(BANNER_PICKER_TYPES.map((type) => CONTENT_SECTION_TYPE_LABELS[type])).toEqual(['Dynamic Banner']);
  });
});

describe('type → layout flags and alignment (spec §4)', () => {
  type Row = [ContentSectionType, { alignment: Alignment; locked: boolean; isPadded: boolean; isTextOnly: boolean; isFloatingCard: boolean }];
  const rows: Row[] = [
    ['CONTENT_SECTION_DEFAULT', { alignment: 'LEFT', locked: true, isPadded: false, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_REVERSED', { alignment: 'RIGHT', locked: true, isPadded: false, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_FULLWIDTH', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_FULLWIDTH_PADDED', { alignment: 'CENTER', locked: false, isPadded: true, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_TEXTONLY', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: true, isFloatingCard: false }],
    ['CONTENT_SECTION_CARD', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: false, isFloatingCard: true }],
    ['CONTENT_SECTION_BANNER', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_DYNAMIC_BANNER', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: false, isFloatingCard: false }],
    ['CONTENT_SECTION_CUSTOM', { alignment: 'CENTER', locked: false, isPadded: false, isTextOnly: false, isFloatingCard: false }],
  ];

  it('covers every type', () => {
    expect(rows.map(([type]) => type).sort()).toEqual([...CONTENT_SECTION_TYPES].sort());
  });

  it.each(rows)('%s (chosen alignment CENTER)', (type, expected) => {
    const { locked, ...flags } = expected;
    expect(layoutValues(type, 'CENTER')).toEqual(flags);
    // A locked alignment ignores the choice; the others keep it.
    expect(layoutValues(type, 'LEFT').alignment).toBe(locked ? expected.alignment : 'LEFT');
  });

  it('sends the flags of the type, whatever the form held', () => {
    const values: SectionFormValues = { ...blankSection(), type: 'CONTENT_SECTION_REVERSED', alignment: 'LEFT', isPadded: true, isFloatingCard: true, isTextOnly: true };
    expect(layoutAndButtonFields(values)).toMatchObject({ type: 'CONTENT_SECTION_REVERSED', alignment: 'RIGHT', isPadded: false, isFloatingCard: false, isTextOnly: false });
  });

  it('starts a new form at LEFT with no flags, or with its given type’s flags', () => {
    expect(blankSection()).toMatchObject({ type: '', alignment: 'LEFT', isPadded: false, isFloatingCard: false, isTextOnly: false, hasRoundedCorners: false, isActive: true });
    expect(blankSection('CONTENT_SECTION_CARD')).toMatchObject({ isFloatingCard: true, alignment: 'LEFT' });
  });
});

describe('image requirement (spec §4, §5)', () => {
  it.each(CONTENT_SECTION_TYPES.map((type) => [type, type === 'CONTENT_SECTION_TEXTONLY' || type === 'CONTENT_SECTION_CUSTOM'] as const))(
    'a new %s section may omit its image: %p',
    (type, optional) => {
      expect(imageMissing({ type, image: null }, null, { optionalForTypes: true })).toBe(!optional);
    },
  );

  it('is met by a picked file or a stored image; a banner item always needs one', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(imageMissing({ type: 'CONTENT_SECTION_DEFAULT', image: file }, null, { optionalForTypes: true })).toBe(false);
    expect(imageMissing({ type: 'CONTENT_SECTION_DEFAULT', image: null }, 'stored.png', { optionalForTypes: true })).toBe(false);
    expect(imageMissing({ type: '', image: null }, null, { optionalForTypes: true })).toBe(true);
    expect(imageMissing({ type: 'CONTENT_SECTION_DYNAMIC_BANNER', image: null }, null, { optionalForTypes: false })).toBe(true);
    expect(imageMissing({ type: 'CONTENT_SECTION_TEXTONLY', image: null }, null, { optionalForTypes: false })).toBe(true);
  });
});

describe('content section rules (spec §5)', () => {
  it('needs a name (150 at most), a type and an alignment', () => {
    expect(messagesOf(contentSectionSchema, { ...validSection('CONTENT_SECTION_DEFAULT'), name: '  ' })).toEqual({ name: 'Content Section Name is required' });
    expect(messagesOf(contentSectionSchema, { ...validSection('CONTENT_SECTION_DEFAULT'), name: 'x'.repeat(151) })).toEqual({
      name: 'Content Section Name must be at most 150 characters',
    });
    expect(messagesOf(contentSectionSchema, { ...validSection('CONTENT_SECTION_DEFAULT'), type: '' })).toEqual({ type: 'Type is required' });
    expect(messagesOf(contentSectionSchema, { ...validSection('CONTENT_SECTION_DEFAULT'), alignment: '' as Alignment })).toEqual({ alignment: 'Alignment is required' });
  });

  it.each(CONTENT_SECTION_TYPES.map((type) => [type] as const))('%s: title and description requirements', (type) => {
    const titleOptional = type === 'CONTENT_SECTION_CUSTOM';
    const descriptionOptional = type === 'CONTENT_SECTION_CUSTOM' || type === 'CONTENT_SECTION_BANNER' || type === 'CONTENT_SECTION_DYNAMIC_BANNER';
    const messages = messagesOf(contentSectionSchema, { ...validSection(type), title: ' ', description: '<p><br></p>' });
    expect(messages.title).toBe(titleOptional ? undefined : 'Title is required');
    expect(messages.description).toBe(descriptionOptional ? undefined : 'Content Details is required');
    expect(messagesOf(contentSectionSchema, validSection(type))).toEqual({});
  });

  it('limits the title to 1000 characters and the button texts to 50', () => {
    expect(
      messagesOf(contentSectionSchema, {
        ...validSection('CONTENT_SECTION_DEFAULT'),
        title: 'x'.repeat(1001),
        primaryButtonText: 'x'.repeat(51),
        primaryButtonActionType: 'PAGE',
        primaryButtonLink: '/deals',
      }),
    ).toEqual({ title: 'Title must be at most 1000 characters', primaryButtonText: 'Primary Button Text must be at most 50 characters' });
  });
});

describe('button rules (spec §5)', () => {
  const base = validSection('CONTENT_SECTION_DEFAULT');
  it.each<[string, Partial<SectionFormValues>, Record<string, string>]>([
    ['no buttons', {}, {}],
    [
      'primary text alone',
      { primaryButtonText: 'Shop now' },
      { primaryButtonActionType: 'Primary Action Type is required', primaryButtonLink: 'Primary Action Link is required' },
    ],
    ['primary text and type', { primaryButtonText: 'Shop now', primaryButtonActionType: 'PAGE' }, { primaryButtonLink: 'Primary Action Link is required' }],
    ['primary text and link', { primaryButtonText: 'Shop now', primaryButtonLink: '/deals' }, { primaryButtonActionType: 'Primary Action Type is required' }],
    ['primary complete', { primaryButtonText: 'Shop now', primaryButtonActionType: 'PAGE', primaryButtonLink: '/deals' }, {}],
    [
      'secondary text alone',
      { secondaryButtonText: 'Call us' },
      { secondaryButtonActionType: 'Secondary Action Type is required', secondaryButtonLink: 'Secondary Action Link is required' },
    ],
    ['secondary complete', { secondaryButtonText: 'Call us', secondaryButtonActionType: 'PHONENUMBER', secondaryButtonLink: '(555) 123-4567' }, {}],
    [
      'a link that does not fit its type',
      { primaryButtonText: 'Go', primaryButtonActionType: 'LINK_NEW_TAB', primaryButtonLink: 'javascript:alert(1)' },
      { primaryButtonLink: 'Primary Action Link must be a web address starting with http:// or https://' },
    ],
    [
      'an email that is not one',
      { secondaryButtonText: 'Write', secondaryButtonActionType: 'EMAIL', secondaryButtonLink: 'not-an-email' },
      { secondaryButtonLink: 'Secondary Action Link must be an email address' },
    ],
    ['a link longer than 500', { primaryButtonText: 'Go', primaryButtonActionType: 'PAGE', primaryButtonLink: `/${'x'.repeat(500)}` }, { primaryButtonLink: 'Primary Action Link must be at most 500 characters' }],
  ])('%s', (_name, buttons, expected) => {
    expect(messagesOf(contentSectionSchema, { ...base, ...buttons })).toEqual(expected);
    // Banner items follow the same button rules.
    expect(messagesOf(bannerItemSchema, { type: 'CONTENT_SECTION_DYNAMIC_BANNER', ...buttons })).toEqual(expected);
  });
});

describe('banner item rules (spec §5)', () => {
  it('needs only a type and an alignment; name and title go up to 1000 characters', () => {
    expect(messagesOf(bannerItemSchema, { type: 'CONTENT_SECTION_DYNAMIC_BANNER' })).toEqual({});
    expect(messagesOf(bannerItemSchema, { type: '' })).toEqual({ type: 'Type is required' });
    expect(messagesOf(bannerItemSchema, { type: 'CONTENT_SECTION_DYNAMIC_BANNER', name: 'x'.repeat(1001), title: 'x'.repeat(1001) })).toEqual({
      name: 'Name must be at most 1000 characters',
      title: 'Title must be at most 1000 characters',
    });
  });
});

describe('origins (spec §4)', () => {
  it('reads the create routes and a stored record', () => {
    expect(originFromParams({})).toBeNull();
    expect(originFromParams({ pageId: '5' })).toEqual({ kind: 'page', id: 5 });
    expect(originFromParams({ blogId: '9' })).toEqual({ kind: 'blog', id: 9 });
    expect(originFromParams({ pageId: 'abc' })).toBe('invalid');
    expect(originFromParams({ blogId: '0' })).toBe('invalid');
    expect(originOf({ pageId: null, blogId: 3 })).toEqual({ kind: 'blog', id: 3 });
    expect(originOf({ pageId: null, blogId: null })).toBeNull();
    expect(originPath({ kind: 'page', id: 5 })).toBe('/cms/management/page/edit/5');
    expect(originPath({ kind: 'blog', id: 9 })).toBe('/cms/management/blog/edit/9');
  });

  it('assigns a new component to its page or blog with an empty body', async () => {
    const calls = serveFakeApi(() => ({ status: 200, data: { message: 'Assigned', id: 1 } }));
    await assignToOrigin({ kind: 'page', id: 5 }, 12, 'CONTENTSECTION');
    await assignToOrigin({ kind: 'blog', id: 9 }, 4, 'BANNER');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', url: 'Page/AssignContentSectionToPage', params: { pageId: 5, contentSectionId: 12, type: 'CONTENTSECTION' } }),
      expect.objectContaining({ method: 'POST', url: 'Blog/AssignContentSectionToBlog', params: { blogId: 9, contentSectionId: 4, type: 'BANNER' } }),
    ]);
    expect(calls[0]?.body ?? null).toBeNull();
  });
});

describe('uploadSectionImage', () => {
  it('posts the file as multipart `file` and answers the attachment URL of the stored path', async () => {
    const calls = serveFakeApi(() => ({ status: 200, data: { message: 'Image uploaded successfully', filePath: '0123456789abcdef0123456789abcdef.jpg' } }));
    const url = await uploadSectionImage(new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(url).toBe('/api/Attachments/0123456789abcdef0123456789abcdef.jpg');
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'ContentSection/UploadImageToContentSection' });
    const body = calls[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('photo.jpg');
  });
});

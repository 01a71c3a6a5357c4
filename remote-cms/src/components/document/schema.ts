import { boolean, mixed, object, string, type InferType } from 'yup';
import { DEFAULT_BANNER_COLOR, HEX_COLOR_PATTERN, LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { CMS_LIMITS, pageUrlProblem } from '@deals/contract/page-rules';
import type { DocumentFields } from './api';
import type { DocumentKindConfig } from './kind';

// Spec 2 §5 "Page" and "Blog": the messages and limits of the API contract, and its url rule
// (begins with "/", a clean path, not a fixed route of the site), so the form says what the server
// would. Uniqueness of the url only the server knows; its message lands under the field.

const hexColor = new RegExp(HEX_COLOR_PATTERN);

export function documentSchema({ texts, limits }: Pick<DocumentKindConfig, 'texts' | 'limits'>) {
  return object({
    name: string().trim().required(texts.nameRequired).max(limits.name, tooLongMessage(texts.nameLabel, limits.name)),
    title: string().trim().max(LIMITS.page.title, tooLongMessage('Title', LIMITS.page.title)).default(''),
    url: string()
      .trim()
      .required(MESSAGES.page.urlRequired)
      .max(limits.url, tooLongMessage('Url', limits.url))
      .test('page-url', (value, context) => {
        const problem = value ? pageUrlProblem(value) : null;
        return problem ? context.createError({ message: problem }) : true;
      }),
    isActive: boolean().default(true),
    isBannerVisible: boolean().default(true),
    bannerColor: string()
      .trim()
      .max(limits.bannerColor, tooLongMessage('Banner Color', limits.bannerColor))
      .matches(hexColor, { message: MESSAGES.general.hexColor, excludeEmptyString: true })
      .default(DEFAULT_BANNER_COLOR),
    keywords: string().trim().max(limits.keywords, tooLongMessage('Keywords', limits.keywords)).default(''),
    description: string().trim().max(CMS_LIMITS.pageDescription, tooLongMessage('Description', CMS_LIMITS.pageDescription)).default(''),
    bannerImage: mixed<File>().nullable().default(null),
  });
}

export type DocumentFormValues = InferType<ReturnType<typeof documentSchema>>;

/** The form's starting values: the record's, or the defaults of a new one (active, banner visible, #000000). */
export function initialValues(record?: { name: string; title: string | null; url: string; isActive: boolean; isBannerVisible: boolean; bannerColor: string; keywords: string | null; description: string | null }): DocumentFormValues {
  return {
    name: record?.name ?? '',
    title: record?.title ?? '',
    url: record?.url ?? '',
    isActive: record?.isActive ?? true,
    isBannerVisible: record?.isBannerVisible ?? true,
    bannerColor: record?.bannerColor || DEFAULT_BANNER_COLOR,
    keywords: record?.keywords ?? '',
    description: record?.description ?? '',
    bannerImage: null,
  };
}

/** What a valid form sends: empty texts left out (cleared), the title only where the kind has one. */
export function toFields(values: DocumentFormValues, hasTitle: boolean): DocumentFields {
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    name: values.name.trim(),
    ...(hasTitle ? { title: text(values.title) } : {}),
    url: values.url.trim(),
    isActive: values.isActive,
    isBannerVisible: values.isBannerVisible,
    bannerColor: text(values.bannerColor),
    keywords: text(values.keywords),
    description: text(values.description),
    bannerImage: values.bannerImage ?? null,
  };
}

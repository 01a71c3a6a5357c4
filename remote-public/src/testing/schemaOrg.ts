// Test support only: checks JSON-LD against what its schema.org type needs for Google's rich
// results (required and recommended properties), so the builders' tests fail on a malformed object.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
/** ISO 8601 date-time with a zone, or a date. */
const isIsoDateTime = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(new Date(value).getTime());
const isIsoDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
const isSchemaUrl = (value: unknown) => typeof value === 'string' && /^https:\/\/schema\.org\/[A-Z][A-Za-z]+$/.test(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const typeOf = (value: Json) => String(value['@type']);

/** An image property: a URL, an ImageObject, or a non-empty list of them, all absolute. */
function checkImage(where: string, value: unknown, problems: string[]): void {
  const images = list(value);
  if (!images.length) problems.push(`${where}: no image`);
  for (const image of images) {
    const url = isObject(image) ? image.url : image;
    if (isObject(image) && image['@type'] !== 'ImageObject') problems.push(`${where}: image object is not an ImageObject`);
    if (!isAbsoluteUrl(url)) problems.push(`${where}: image ${JSON.stringify(url)} is not an absolute URL`);
  }
}

function checkOrganization(where: string, org: Json, problems: string[], { needsLogo }: { needsLogo: boolean }): void {
  if (org['@type'] !== 'Organization') problems.push(`${where}: @type is ${JSON.stringify(org['@type'])}, not Organization`);
  if (!isText(org.name)) problems.push(`${where}: name missing`);
  if (org.url !== undefined && !isAbsoluteUrl(org.url)) problems.push(`${where}: url is not absolute`);
  if (org.logo !== undefined) checkImage(`${where}.logo`, org.logo, problems);
  else if (needsLogo) problems.push(`${where}: logo missing`);
  for (const link of list(org.sameAs)) if (!isAbsoluteUrl(link)) problems.push(`${where}: sameAs ${JSON.stringify(link)} is not an absolute URL`);
}

function checkOffer(where: string, offer: unknown, problems: string[]): void {
  if (!isObject(offer) || offer['@type'] !== 'Offer') return void problems.push(`${where}: not an Offer`);
  if (typeof offer.price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(offer.price)) problems.push(`${where}: price ${JSON.stringify(offer.price)} is not a numeric string`);
  if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push(`${where}: priceCurrency is not a 3-letter code`);
  if (!isSchemaUrl(offer.availability)) problems.push(`${where}: availability is not a schema.org URL`);
  if (offer.itemCondition !== undefined && !isSchemaUrl(offer.itemCondition)) problems.push(`${where}: itemCondition is not a schema.org URL`);
  if (!isAbsoluteUrl(offer.url)) problems.push(`${where}: url is not absolute`);
  if (offer.priceValidUntil !== undefined && !isIsoDate(offer.priceValidUntil)) problems.push(`${where}: priceValidUntil is not YYYY-MM-DD`);
  if (offer.seller !== undefined) {
    const seller = offer.seller;
    if (!isObject(seller) || !['Organization', 'Person'].includes(typeOf(seller)) || !isText(seller.name)) problems.push(`${where}: seller needs a @type and a name`);
  }
}

function checkProduct(item: Json, problems: string[]): void {
  if (!isText(item.name)) problems.push('Product: name missing');
  if (item.offers === undefined && item.review === undefined && item.aggregateRating === undefined) problems.push('Product: needs offers, review or aggregateRating');
  list(item.offers).forEach((offer, index) => checkOffer(`Product.offers[${index}]`, offer, problems));
  if (item.image !== undefined) checkImage('Product', item.image, problems);
}

function checkBlogPosting(item: Json, problems: string[]): void {
  if (!isText(item.headline)) problems.push('BlogPosting: headline missing');
  else if (item.headline.length > 110) problems.push(`BlogPosting: headline is ${item.headline.length} characters (at most 110)`);
  if (!isIsoDateTime(item.datePublished)) problems.push('BlogPosting: datePublished is not ISO 8601');
  if (item.dateModified !== undefined) {
    if (!isIsoDateTime(item.dateModified)) problems.push('BlogPosting: dateModified is not ISO 8601');
    else if (new Date(String(item.dateModified)) < new Date(String(item.datePublished))) problems.push('BlogPosting: dateModified before datePublished');
  }
  const authors = list(item.author);
  if (!authors.length) problems.push('BlogPosting: author missing');
  for (const author of authors)
    if (!isObject(author) || !['Person', 'Organization'].includes(typeOf(author)) || !isText(author.name)) problems.push('BlogPosting: author needs a Person or Organization @type and a name');
  if (!isObject(item.publisher)) problems.push('BlogPosting: publisher missing');
  else checkOrganization('BlogPosting.publisher', item.publisher, problems, { needsLogo: true });
  checkImage('BlogPosting', item.image, problems);
  const page = item.mainEntityOfPage;
  if (page !== undefined && !isAbsoluteUrl(isObject(page) ? page['@id'] : page)) problems.push('BlogPosting: mainEntityOfPage is not an absolute URL');
}

function checkBreadcrumbList(item: Json, problems: string[]): void {
  const steps = item.itemListElement;
  if (!Array.isArray(steps) || !steps.length) return void problems.push('BreadcrumbList: itemListElement empty');
  steps.forEach((step: unknown, index) => {
    if (!isObject(step) || step['@type'] !== 'ListItem') return void problems.push(`BreadcrumbList[${index}]: not a ListItem`);
    if (step.position !== index + 1) problems.push(`BreadcrumbList[${index}]: position ${JSON.stringify(step.position)}, expected ${index + 1}`);
    if (!isText(step.name)) problems.push(`BreadcrumbList[${index}]: name missing`);
    const last = index === steps.length - 1;
    if (step.item === undefined ? !last : !isAbsoluteUrl(isObject(step.item) ? step.item['@id'] : step.item)) problems.push(`BreadcrumbList[${index}]: item is not an absolute URL`);
  });
}

function checkWebSite(item: Json, problems: string[]): void {
  if (!isText(item.name)) problems.push('WebSite: name missing');
  if (!isAbsoluteUrl(item.url)) problems.push('WebSite: url is not absolute');
  const action = item.potentialAction;
  if (action === undefined) return;
  if (!isObject(action) || action['@type'] !== 'SearchAction') return void problems.push('WebSite: potentialAction is not a SearchAction');
  const target = isObject(action.target) ? action.target.urlTemplate : action.target;
  if (typeof target !== 'string' || !target.includes('{search_term_string}')) problems.push('WebSite: SearchAction target lacks {search_term_string}');
  else if (!isAbsoluteUrl(target.replace('{search_term_string}', 'x'))) problems.push('WebSite: SearchAction target is not absolute');
  if (action['query-input'] !== 'required name=search_term_string') problems.push('WebSite: SearchAction query-input does not name search_term_string');
}

/** Empty texts, nulls or undefined anywhere: a property should be left out rather than empty. */
function findEmpty(value: unknown, path: string, problems: string[]): void {
  if (value === null || value === undefined || (typeof value === 'string' && !value.trim())) problems.push(`${path}: empty value`);
  else if (Array.isArray(value)) value.forEach((entry, index) => findEmpty(entry, `${path}[${index}]`, problems));
  else if (isObject(value)) for (const [key, entry] of Object.entries(value)) findEmpty(entry, `${path}.${key}`, problems);
}

const CHECKERS: Record<string, (item: Json, problems: string[]) => void> = {
  Product: checkProduct,
  BlogPosting: checkBlogPosting,
  BreadcrumbList: checkBreadcrumbList,
  WebSite: checkWebSite,
  Organization: (item, problems) => checkOrganization('Organization', item, problems, { needsLogo: true }),
};

/** What is wrong with one top-level JSON-LD object; empty when nothing is. */
export function schemaProblems(item: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (item['@context'] !== 'https://schema.org') problems.push(`@context is ${JSON.stringify(item['@context'])}`);
  const check = CHECKERS[typeOf(item)];
  if (!check) problems.push(`no checks for @type ${JSON.stringify(item['@type'])}`);
  else check(item, problems);
  findEmpty(item, typeOf(item), problems);
  return problems;
}

/** Every object's problems, prefixed by its index. */
export function allSchemaProblems(items: Record<string, unknown>[]): string[] {
  return items.flatMap((item, index) => schemaProblems(item).map((problem) => `[${index}] ${problem}`));
}

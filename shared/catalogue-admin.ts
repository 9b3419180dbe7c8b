/**
 * What staff may edit in the catalogue, one descriptor per kind of record. The back office
 * draws its forms from these and the server builds its checks from the same list, so a field
 * added here is editable and validated everywhere. Pure data.
 */
export type FieldKind =
  | 'text'
  | 'slug'
  | 'textarea'
  | 'html'
  | 'int'
  | 'money'
  | 'float'
  | 'bool'
  | 'image'
  | 'date'
  | 'hours'
  /** Working days, 1 to 60, or blank for "the branch's own turnaround" (null). */
  | 'days'
  | { ref: CatalogueEntity };

export type FieldSpec = {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  /** Shown as a column in the list. */
  list?: boolean;
};

export type EntitySpec = { title: string; singular: string; fields: FieldSpec[] };

export const catalogueEntities = {
  categories: {
    title: 'Price categories',
    singular: 'price category',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true, list: true },
      {
        key: 'categoryCode',
        label: 'Category code',
        kind: 'slug',
        required: true,
        list: true,
        hint: 'Used in /pricing/{code}; several codes may be joined by |.',
      },
      { key: 'description', label: 'Description', kind: 'html' },
      { key: 'image', label: 'Image', kind: 'image', required: true },
      { key: 'sortOrder', label: 'Order', kind: 'int', list: true },
    ],
  },
  services: {
    title: 'Services and prices',
    singular: 'service',
    fields: [
      {
        key: 'categoryId',
        label: 'Category',
        kind: { ref: 'categories' },
        required: true,
        list: true,
      },
      { key: 'serviceName', label: 'Service', kind: 'text', required: true, list: true },
      {
        key: 'pricePence',
        label: 'Price (£, incl. VAT)',
        kind: 'money',
        required: true,
        list: true,
        hint: '0.00 shows "call for price".',
      },
      { key: 'description', label: 'Description', kind: 'textarea' },
      {
        key: 'turnaroundDays',
        label: 'Counter turnaround (working days)',
        kind: 'days',
        hint: 'Blank: the branch’s own turnaround. Set it for items that take longer (1 to 60).',
      },
      { key: 'sortOrder', label: 'Order', kind: 'int' },
    ],
  },
  'service-pages': {
    title: 'Service pages',
    singular: 'service page',
    fields: [
      { key: 'code', label: 'Address (/{code})', kind: 'slug', required: true, list: true },
      { key: 'name', label: 'Name', kind: 'text', required: true, list: true },
      { key: 'pageTitle', label: 'Page title', kind: 'text', required: true },
      { key: 'pageMeta', label: 'Meta description', kind: 'textarea', required: true },
      { key: 'bannerImage', label: 'Banner image', kind: 'image', required: true },
      { key: 'bannerMobileImage', label: 'Mobile banner image', kind: 'image', required: true },
      { key: 'details', label: 'Details', kind: 'html', required: true },
      { key: 'sortOrder', label: 'Order', kind: 'int' },
    ],
  },
  'area-groups': {
    title: 'Area groups',
    singular: 'area group',
    fields: [
      { key: 'title', label: 'Title', kind: 'text', required: true, list: true },
      { key: 'sortOrder', label: 'Order', kind: 'int', list: true },
    ],
  },
  areas: {
    title: 'Areas',
    singular: 'area',
    fields: [
      { key: 'groupId', label: 'Group', kind: { ref: 'area-groups' }, required: true, list: true },
      { key: 'name', label: 'Name', kind: 'text', required: true, list: true },
      { key: 'areaCode', label: 'Address (/{code})', kind: 'slug', required: true, list: true },
      {
        key: 'outwardCode',
        label: 'Postcode district',
        kind: 'text',
        required: true,
        list: true,
        hint: 'Outward code served, e.g. W9. Bookings are checked against it.',
      },
      { key: 'pageTitle', label: 'Page title', kind: 'text', required: true },
      { key: 'pageMeta', label: 'Meta description', kind: 'textarea', required: true },
      { key: 'homePageHeading', label: 'Heading', kind: 'text', required: true },
      { key: 'aboutArea', label: 'About the area', kind: 'html', required: true },
      { key: 'featured', label: 'Featured in short list', kind: 'bool' },
      { key: 'sortOrder', label: 'Order', kind: 'int' },
    ],
  },
  branches: {
    title: 'Branches',
    singular: 'branch',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true, list: true },
      { key: 'slug', label: 'Address (/branches/{slug})', kind: 'slug', required: true },
      { key: 'addressLine1', label: 'Address line 1', kind: 'text', required: true, list: true },
      { key: 'addressLine2', label: 'Address line 2', kind: 'text' },
      { key: 'town', label: 'Town', kind: 'text', required: true },
      { key: 'postcode', label: 'Postcode', kind: 'text', required: true, list: true },
      { key: 'phone', label: 'Phone', kind: 'text', required: true },
      { key: 'latitude', label: 'Latitude', kind: 'float', required: true },
      { key: 'longitude', label: 'Longitude', kind: 'float', required: true },
      { key: 'sortOrder', label: 'Order', kind: 'int' },
    ],
  },
  faqs: {
    title: 'FAQs',
    singular: 'FAQ',
    fields: [
      { key: 'question', label: 'Question', kind: 'text', required: true, list: true },
      { key: 'answer', label: 'Answer', kind: 'html', required: true },
      { key: 'sortOrder', label: 'Order', kind: 'int', list: true },
    ],
  },
  'blog-posts': {
    title: 'Blog posts',
    singular: 'blog post',
    fields: [
      { key: 'title', label: 'Title', kind: 'text', required: true, list: true },
      { key: 'slug', label: 'Address (/blog/{slug})', kind: 'slug', required: true },
      { key: 'category', label: 'Category', kind: 'text', required: true, list: true },
      { key: 'author', label: 'Author', kind: 'text', required: true },
      { key: 'publishedAt', label: 'Published on', kind: 'date', required: true, list: true },
      { key: 'image', label: 'Image', kind: 'image', required: true },
      { key: 'body', label: 'Body', kind: 'html', required: true },
    ],
  },
} satisfies Record<CatalogueEntity, EntitySpec>;

export const catalogueEntityKeys = [
  'categories',
  'services',
  'service-pages',
  'area-groups',
  'areas',
  'branches',
  'faqs',
  'blog-posts',
] as const;
export type CatalogueEntity = (typeof catalogueEntityKeys)[number];

export function isCatalogueEntity(value: string): value is CatalogueEntity {
  return Object.hasOwn(catalogueEntities, value);
}

/** Image uploads: what the back office accepts (checked again on the server, by content). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

import { z } from 'zod';
import { text } from '../text';
import { newsletterSchema } from '../validation';
import { endpoint, failures, money, ok } from './contract';

/*
 * The public catalogue of spec section 7: prices, landing pages, areas, branches, FAQs, the
 * blog, and the two small writes of public pages (page visits, the newsletter).
 */

const code = text()
  .max(100)
  .regex(/^[a-z0-9-]+$/i, 'We could not find that page.');
const codeParams = z.object({ id: code });

export const priceService = z
  .object({
    id: z.number().int(),
    service_name: text(),
    price: money.meta({ description: "'0.00' means call for price" }),
    description: text(),
  })
  .meta({ id: 'PriceService' });

export const priceCategory = z
  .object({
    id: z.number().int(),
    name: text(),
    description: text().meta({ description: 'Sanitised HTML' }),
    image: text(),
    category_code: text().meta({
      description: 'One or more codes joined by |; the first is used in links',
    }),
    code: text().meta({ description: 'The first code: /pricing/{code}' }),
    services: z.array(priceService),
  })
  .meta({ id: 'PriceCategory' });

export const servicePage = z
  .object({
    type: z.literal('service'),
    code: text(),
    name: text(),
    page_title: text(),
    page_meta: text(),
    bannerimage: text(),
    bannermobileimage: text(),
    details: text().meta({ description: 'Sanitised HTML' }),
  })
  .meta({ id: 'ServicePage' });

export const area = z
  .object({
    type: z.literal('area'),
    id: z.number().int(),
    area_code: text(),
    outward_code: text(),
    name: text(),
    page_title: text(),
    page_meta: text(),
    home_page_heading: text(),
    about_area: text().meta({ description: 'Sanitised HTML' }),
  })
  .meta({ id: 'Area' });

export const areaGroup = z
  .object({ id: z.number().int(), title: text(), areas: z.array(area) })
  .meta({ id: 'AreaGroup' });

export const branch = z
  .object({
    id: z.number().int(),
    slug: text(),
    name: text(),
    address: z.array(text()),
    postcode: text(),
    phone: text(),
    opening_hours: z.array(z.object({ days: text(), hours: text() })).meta({
      description: 'The week as people read it, rendered from weekly_hours',
    }),
    weekly_hours: z
      .array(
        z.object({
          weekday: z.number().int().min(1).max(7),
          opens_at: text().meta({ description: 'London wall-clock HH:MM' }),
          closes_at: text(),
        }),
      )
      .meta({ description: 'Hours per ISO weekday (1 = Monday); a day left out is closed' }),
    closures: z.array(
      z.object({
        date: text().meta({ description: 'London date, YYYY-MM-DD' }),
        kind: z.enum(['bank-holiday', 'closure']),
        reason: text(),
      }),
    ),
    schema_opening_hours: z.array(text()).meta({ description: 'schema.org openingHours' }),
    counter: z.boolean().meta({ description: 'Takes walk-in orders over the counter' }),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'Branch' });

export const faq = z
  .object({ id: z.number().int(), question: text(), answer: text() })
  .meta({ id: 'Faq' });

export const blogPost = z
  .object({
    id: z.number().int(),
    slug: text(),
    image: text(),
    category: text(),
    title: text(),
    body: text().meta({ description: 'Sanitised HTML' }),
    author: text(),
    date: text().meta({ description: 'Publication instant, ISO 8601' }),
  })
  .meta({ id: 'BlogPost' });

export const catalogueApi = {
  priceList: endpoint({
    method: 'GET',
    path: '/api/pricelist',
    operationId: 'getPriceList',
    tag: 'Catalogue',
    summary: 'Price categories with their services',
    replies: { 200: z.array(priceCategory) },
  }),
  landingPage: endpoint({
    method: 'GET',
    path: '/api/service/:id',
    operationId: 'getLandingPage',
    tag: 'Catalogue',
    summary: 'A service page, or else the area of that code (spec: falls back to /getarea/{id})',
    params: codeParams,
    replies: { 200: z.union([servicePage, area]), ...failures(400, 404) },
  }),
  featuredAreas: endpoint({
    method: 'GET',
    path: '/api/getarea/limited',
    operationId: 'getFeaturedAreas',
    tag: 'Catalogue',
    summary: 'The areas shown on the home page',
    replies: { 200: z.array(area) },
  }),
  areaGroups: endpoint({
    method: 'GET',
    path: '/api/getarea/group',
    operationId: 'getAreaGroups',
    tag: 'Catalogue',
    summary: 'All served areas, in their groups',
    replies: { 200: z.array(areaGroup) },
  }),
  area: endpoint({
    method: 'GET',
    path: '/api/getarea/:id',
    operationId: 'getArea',
    tag: 'Catalogue',
    summary: 'One area by its code',
    params: codeParams,
    replies: { 200: area, ...failures(400, 404) },
  }),
  branches: endpoint({
    method: 'GET',
    path: '/api/branches',
    operationId: 'getBranches',
    tag: 'Catalogue',
    summary: 'The shop’s branches with opening hours',
    replies: { 200: z.array(branch) },
  }),
  faqs: endpoint({
    method: 'GET',
    path: '/api/faqs',
    operationId: 'getFaqs',
    tag: 'Catalogue',
    summary: 'Frequently asked questions',
    replies: { 200: z.array(faq) },
  }),
  blogPosts: endpoint({
    method: 'GET',
    path: '/api/getblogs',
    operationId: 'getBlogPosts',
    tag: 'Catalogue',
    summary: 'Blog posts, newest first',
    replies: { 200: z.array(blogPost) },
  }),
  blogPost: endpoint({
    method: 'GET',
    path: '/api/getblog/:id',
    operationId: 'getBlogPost',
    tag: 'Catalogue',
    summary: 'One blog post by its slug or number',
    params: codeParams,
    replies: { 200: blogPost, ...failures(400, 404) },
  }),
  recordVisit: endpoint({
    method: 'POST',
    path: '/api/user-info',
    operationId: 'recordVisit',
    tag: 'Catalogue',
    summary: 'Counts a visit of the home or price page',
    description:
      'The visitor’s address is read from the connection, not from the body: `ip` is accepted for the spec’s clients and ignored.',
    body: z.object({
      page: z.enum(['home', 'price'], { error: 'page must be "home" or "price"' }),
      ip: text().max(100).optional().meta({ deprecated: true }),
    }),
    legacyFields: ['ip'],
    replies: { 200: z.object({ status: ok }), ...failures(422, 429) },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter',
    operationId: 'subscribeToNewsletter',
    tag: 'Catalogue',
    summary: 'Subscribes an e-mail address to the newsletter',
    body: newsletterSchema,
    replies: { 200: z.object({ status: ok, message: text() }), ...failures(422, 429) },
  }),
};

import { asc, desc, eq } from 'drizzle-orm';
import { hoursLines, schemaOpeningHours, type ClosureKind } from '@shared/branch-hours';
import { sanitizeContentHtml } from '../../content/sanitize';
import { priceView } from './present-catalogue';
import type { DbOrTx } from '../../db/client';
import { readContent, type ContentSource } from '../../db/content-cache';
import {
  areaGroups,
  areas,
  blogPosts,
  branchClosures,
  branches,
  branchHours,
  faqs,
  priceCategories,
  servicePages,
  services,
} from '../../db/schema';

/**
 * The public catalogue in the spec's shapes (section 3). HTML fields leave here sanitised,
 * so no page or API client ever sees stored markup that could run.
 *
 * Each read takes a ContentSource: pages and the public API pass `services.content`, which
 * keeps results in memory until the content changes (server/db/content-cache.ts); a database
 * or transaction reads directly. Results from the cache are shared and frozen.
 */

export type PriceService = { id: number; service_name: string; price: string; description: string };
export type PriceCategory = {
  id: number;
  name: string;
  description: string;
  image: string;
  category_code: string;
  /** The first code, used in links (/pricing/{code}). */
  code: string;
  services: PriceService[];
};

export function priceList(source: ContentSource): Promise<PriceCategory[]> {
  return readContent(source, 'price-list', loadPriceList);
}

async function loadPriceList(db: DbOrTx): Promise<PriceCategory[]> {
  const categories = await db
    .select()
    .from(priceCategories)
    .orderBy(asc(priceCategories.sortOrder));
  const all = await db.select().from(services).orderBy(asc(services.sortOrder));
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    description: sanitizeContentHtml(c.description),
    image: c.image,
    category_code: c.categoryCode,
    code: c.categoryCode.split('|')[0]!,
    services: all
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        id: s.id,
        service_name: s.serviceName,
        price: priceView(s.pricePence),
        description: s.description,
      })),
  }));
}

export type ServicePage = {
  type: 'service';
  code: string;
  name: string;
  page_title: string;
  page_meta: string;
  bannerimage: string;
  bannermobileimage: string;
  details: string;
};

export function listServicePages(source: ContentSource): Promise<ServicePage[]> {
  return readContent(source, 'service-pages', async (db) => {
    const rows = await db.select().from(servicePages).orderBy(asc(servicePages.sortOrder));
    return rows.map(toServicePage);
  });
}

function toServicePage(p: typeof servicePages.$inferSelect): ServicePage {
  return {
    type: 'service',
    code: p.code,
    name: p.name,
    page_title: p.pageTitle,
    page_meta: p.pageMeta,
    bannerimage: p.bannerImage,
    bannermobileimage: p.bannerMobileImage,
    details: sanitizeContentHtml(p.details),
  };
}

export async function findServicePage(
  source: ContentSource,
  code: string,
): Promise<ServicePage | null> {
  const byCode = await readContent(source, 'service-pages-by-code', async (db) => {
    const rows = await db.select().from(servicePages);
    return new Map(rows.map((p) => [p.code, toServicePage(p)]));
  });
  return byCode.get(code) ?? null;
}

export type Area = {
  type: 'area';
  id: number;
  area_code: string;
  outward_code: string;
  name: string;
  page_title: string;
  page_meta: string;
  home_page_heading: string;
  about_area: string;
};

function toArea(a: typeof areas.$inferSelect): Area {
  return {
    type: 'area',
    id: a.id,
    area_code: a.areaCode,
    outward_code: a.outwardCode,
    name: a.name,
    page_title: a.pageTitle,
    page_meta: a.pageMeta,
    home_page_heading: a.homePageHeading,
    about_area: sanitizeContentHtml(a.aboutArea),
  };
}

export async function findArea(source: ContentSource, code: string): Promise<Area | null> {
  const byCode = await readContent(source, 'areas-by-code', async (db) => {
    const rows = await db.select().from(areas);
    return new Map(rows.map((a) => [a.areaCode, toArea(a)]));
  });
  return byCode.get(code) ?? null;
}

export function featuredAreas(source: ContentSource): Promise<Area[]> {
  return readContent(source, 'featured-areas', async (db) => {
    const rows = await db
      .select()
      .from(areas)
      .where(eq(areas.featured, true))
      .orderBy(asc(areas.name));
    return rows.map(toArea);
  });
}

export type AreaGroup = { id: number; title: string; areas: Area[] };

export function areaGroupsWithAreas(source: ContentSource): Promise<AreaGroup[]> {
  return readContent(source, 'area-groups', async (db) => {
    const groups = await db.select().from(areaGroups).orderBy(asc(areaGroups.sortOrder));
    const all = await db.select().from(areas).orderBy(asc(areas.sortOrder));
    return groups.map((g) => ({
      id: g.id,
      title: g.title,
      areas: all.filter((a) => a.groupId === g.id).map(toArea),
    }));
  });
}

export type Branch = {
  id: number;
  slug: string;
  name: string;
  address: string[];
  postcode: string;
  phone: string;
  /** The week as people read it, rendered from the hours' rows (issue 32). */
  opening_hours: { days: string; hours: string }[];
  /** The rows themselves: London wall-clock times per ISO weekday; a day left out is closed. */
  weekly_hours: { weekday: number; opens_at: string; closes_at: string }[];
  /** Bank holidays and other closures, by London date. */
  closures: { date: string; kind: ClosureKind; reason: string }[];
  /** Schema.org's openingHours of the week ("Mo-Fr 07:30-19:30"). */
  schema_opening_hours: string[];
  counter: boolean;
  latitude: number;
  longitude: number;
};

export function listBranches(source: ContentSource): Promise<Branch[]> {
  return readContent(source, 'branches', async (db) => {
    const rows = await db.select().from(branches).orderBy(asc(branches.sortOrder));
    const hours = await db
      .select()
      .from(branchHours)
      .orderBy(asc(branchHours.branchId), asc(branchHours.weekday));
    const closures = await db
      .select()
      .from(branchClosures)
      .orderBy(asc(branchClosures.branchId), asc(branchClosures.day));
    return rows.map((b) => {
      const week = hours.filter((h) => h.branchId === b.id);
      return {
        id: b.id,
        slug: b.slug,
        name: b.name,
        address: [b.addressLine1, b.addressLine2, b.town, b.postcode].filter(Boolean),
        postcode: b.postcode,
        phone: b.phone,
        opening_hours: hoursLines(week),
        weekly_hours: week.map((h) => ({
          weekday: h.weekday,
          opens_at: h.opensAt,
          closes_at: h.closesAt,
        })),
        closures: closures
          .filter((c) => c.branchId === b.id)
          .map((c) => ({ date: c.day, kind: c.kind, reason: c.reason })),
        schema_opening_hours: schemaOpeningHours(week),
        counter: b.counterEnabled,
        latitude: b.latitude,
        longitude: b.longitude,
      };
    });
  });
}

export type Faq = { id: number; question: string; answer: string };

export function listFaqs(source: ContentSource): Promise<Faq[]> {
  return readContent(source, 'faqs', (db) =>
    db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .orderBy(asc(faqs.sortOrder)),
  );
}

export type BlogPost = {
  id: number;
  slug: string;
  image: string;
  category: string;
  title: string;
  body: string;
  author: string;
  date: string;
};

function toBlog(p: typeof blogPosts.$inferSelect): BlogPost {
  return {
    id: p.id,
    slug: p.slug,
    image: p.image,
    category: p.category,
    title: p.title,
    body: sanitizeContentHtml(p.body),
    author: p.author,
    date: p.publishedAt.toISOString(),
  };
}

export function listBlogPosts(source: ContentSource): Promise<BlogPost[]> {
  return readContent(source, 'blog-posts', async (db) => {
    const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt));
    return rows.map(toBlog);
  });
}

/** A post by slug, or by numeric id (the spec's /blog/{id}). */
export async function findBlogPost(
  source: ContentSource,
  idOrSlug: string,
): Promise<BlogPost | null> {
  const byId = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const posts = await listBlogPosts(source);
  return (
    posts.find((p) => (byId !== null && byId < 2 ** 31 ? p.id === byId : p.slug === idOrSlug)) ??
    null
  );
}

import { minimumOrder } from '@shared/price-rules';
import type { DbOrTx } from '../client';
import {
  areaGroups,
  areas,
  blogPosts,
  branchAreas,
  branches,
  branchHours,
  faqs,
  priceCategories,
  servicePages,
  services,
} from '../schema';
import { AREA_GROUPS } from '../../content/served-areas';
import { BLOG_POSTS, BRANCHES, CATEGORIES, FAQS, SERVICE_PAGES } from './content/catalogue';

/** The demo catalogue, on an empty database only (a shop's own edits are never replaced). */
export async function seedCatalogue(db: DbOrTx): Promise<void> {
  const existing = await db.select({ id: priceCategories.id }).from(priceCategories).limit(1);
  if (existing.length > 0) return;

  for (const [i, category] of CATEGORIES.entries()) {
    const [row] = await db
      .insert(priceCategories)
      .values({
        name: category.name,
        description: category.description,
        image: category.image,
        categoryCode: category.code,
        sortOrder: i,
      })
      .returning({ id: priceCategories.id });
    await db.insert(services).values(
      category.services.map((s, j) => ({
        categoryId: row!.id,
        serviceName: s.name,
        pricePence: s.pence,
        description: s.description ?? '',
        sortOrder: j,
        turnaroundDays: category.turnaroundDays ?? null,
      })),
    );
  }

  await db.insert(servicePages).values(
    SERVICE_PAGES.map((p, i) => ({
      code: p.code,
      name: p.name,
      pageTitle: p.pageTitle,
      pageMeta: p.pageMeta,
      bannerImage: `/images/banners/${p.code}.svg`,
      bannerMobileImage: `/images/banners/${p.code}-mobile.svg`,
      details: p.details,
      sortOrder: i,
    })),
  );

  for (const [i, group] of AREA_GROUPS.entries()) {
    const [row] = await db
      .insert(areaGroups)
      .values({ title: group.title, sortOrder: i })
      .returning({ id: areaGroups.id });
    await db.insert(areas).values(
      group.areas.map((a, j) => ({
        groupId: row!.id,
        areaCode: a.slug,
        outwardCode: a.outward,
        name: a.name,
        pageTitle: `Dry Cleaners in ${a.name} (${a.outward}) | Free Collection & Delivery`,
        pageMeta: `Dry cleaning and laundry in ${a.name}, ${a.outward}: free collection and delivery in a one-hour window, cleaned in 24 to 48 hours. Book online.`,
        homePageHeading: `Dry Cleaning & Laundry in ${a.name}`,
        aboutArea: `<p>Our vans collect and deliver every day ${a.blurb}. Book a one-hour window online, hand your bag to the driver and have it back cleaned and pressed 24 to 48 hours later.</p><p>Postcode district ${a.outward}. Collection and delivery are free on orders of ${minimumOrder} or more.</p>`,
        featured: a.featured ?? false,
        sortOrder: j,
      })),
    );
  }

  for (const [i, b] of BRANCHES.entries()) {
    const [row] = await db
      .insert(branches)
      .values({
        slug: b.slug,
        name: b.name,
        addressLine1: b.line1,
        postcode: b.postcode,
        phone: b.phone,
        latitude: b.latitude,
        longitude: b.longitude,
        sortOrder: i,
        counterEnabled: b.counter ?? false,
        // A counter offers express and same day at the usual London surcharges until the
        // owner changes them (Branches).
        expressPercent: b.counter ? 50 : null,
        sameDayPercent: b.counter ? 100 : null,
        // Decision 053: TEST MODE’s simulated reader; with a Stripe key the owner pairs the real
        // one in the branch’s settings (its pairing code).
        terminalReaderId: b.counter ? `tmr_simulated_${b.slug}` : null,
      })
      .returning({ id: branches.id });
    // Issue 32: the hours as rows, and the districts whose collections the branch processes.
    await db.insert(branchHours).values(b.hours.map((h) => ({ ...h, branchId: row!.id })));
    await db
      .insert(branchAreas)
      .values(b.districts.map((district) => ({ district, branchId: row!.id })));
  }
  await db.insert(faqs).values(FAQS.map((f, i) => ({ ...f, sortOrder: i })));
  await db.insert(blogPosts).values(
    BLOG_POSTS.map((p) => ({
      slug: p.slug,
      image: p.image,
      category: p.category,
      title: p.title,
      body: p.body,
      author: p.author,
      publishedAt: new Date(p.publishedAt),
    })),
  );
}

import {
  areaGroupsWithAreas,
  listBlogPosts,
  listBranches,
  listServicePages,
  priceList,
} from '~/server/catalogue.server';
import type { Route } from './+types/sitemap[.]xml';

const STATIC_PAGES = [
  '/',
  '/pricing',
  '/services',
  '/howitworks',
  '/areas',
  '/faqs',
  '/corperates',
  '/branches',
  '/aboutus',
  '/privacy',
  '/terms',
  '/blogs',
  '/login',
  '/signup',
];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page, price category, branch, area and service landing page, and blog post. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const { config } = services;
  const [categories, pages, groups, posts, branches] = await Promise.all([
    priceList(services.content),
    listServicePages(services.content),
    areaGroupsWithAreas(services.content),
    listBlogPosts(services.content),
    listBranches(services.content),
  ]);
  const paths = [
    ...STATIC_PAGES,
    ...categories.map((c) => `/pricing/${c.code}`),
    ...branches.map((b) => `/branches/${b.slug}`),
    ...pages.map((p) => `/${p.code}`),
    ...groups.flatMap((g) => g.areas.map((a) => `/${a.area_code}`)),
    ...posts.map((p) => `/blog/${p.slug}`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((p) => `  <url><loc>${escapeXml(config.publicUrl + p)}</loc></url>`).join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}

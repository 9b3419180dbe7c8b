/*
 * What public pages may ask of the server: the catalogue, slots and coverage.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export { htmlToText } from '@server/content/sanitize';
export {
  areaGroupsWithAreas,
  findArea,
  findBlogPost,
  findServicePage,
  listBlogPosts,
  listBranches,
  listFaqs,
  listServicePages,
  priceList,
} from '@server/use-cases/catalogue/catalogue';
export { listPickupSlots } from '@server/use-cases/slots/list-slots';
export { subscribeToNewsletter } from '@server/use-cases/catalogue/visits-and-newsletter';

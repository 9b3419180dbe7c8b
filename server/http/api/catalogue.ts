import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import {
  areaGroupsWithAreas,
  featuredAreas,
  findArea,
  findBlogPost,
  findServicePage,
  listBlogPosts,
  listBranches,
  listFaqs,
  priceList,
} from '../../use-cases/catalogue/catalogue';
import {
  recordVisit,
  subscribeToNewsletter,
} from '../../use-cases/catalogue/visits-and-newsletter';
import { newsletterSubscribed } from '@shared/validation';
import { route } from '../contract-routes';
import { clientIp } from '../identity';

/** /api routes of the public catalogue (spec section 7). */
export function catalogueRoutes(app: FastifyInstance, services: AppServices) {
  // The catalogue comes from memory while it is unchanged (server/db/content-cache.ts).
  const e = api.catalogue;

  route(app, e.priceList, {}, () => priceList(services.content));

  // A landing page: the service page of that code, else the area of that code.
  route(app, e.landingPage, {}, async ({ params }) => {
    const page =
      (await findServicePage(services.content, params.id)) ??
      (await findArea(services.content, params.id));
    if (!page) throw new NotFoundError('We could not find that page.');
    return page;
  });
  route(app, e.featuredAreas, {}, () => featuredAreas(services.content));
  route(app, e.areaGroups, {}, () => areaGroupsWithAreas(services.content));
  route(app, e.area, {}, async ({ params }) => {
    const area = await findArea(services.content, params.id);
    if (!area) throw new NotFoundError('We could not find that area.');
    return area;
  });
  route(app, e.branches, {}, () => listBranches(services.content));
  route(app, e.faqs, {}, () => listFaqs(services.content));
  route(app, e.blogPosts, {}, () => listBlogPosts(services.content));
  route(app, e.blogPost, {}, async ({ params }) => {
    const post = await findBlogPost(services.content, params.id);
    if (!post) throw new NotFoundError('We could not find that post.');
    return post;
  });

  // The visitor's IP is read here, from the connection: no third-party IP service.
  route(app, e.recordVisit, {}, async ({ body }, request) => {
    await recordVisit(services, { page: body.page, ip: clientIp(request) });
    return { status: true };
  });
  route(app, e.subscribe, {}, async ({ body }, request) => {
    await subscribeToNewsletter(services, { email: body.email, ip: clientIp(request) });
    return { status: true, message: newsletterSubscribed };
  });
}

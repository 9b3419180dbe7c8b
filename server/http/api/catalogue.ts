import { Router } from 'express';
import { z } from 'zod';
import { clientIp } from '../../auth/middleware';
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
import { parseBody, parseParams } from '../parse';

const codeParams = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+$/i, 'We could not find that page.'),
});
const visitBody = z.object({
  page: z.enum(['home', 'price'], { error: 'page must be "home" or "price"' }),
  ip: z.string().max(100).optional(),
});
const newsletterBody = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
});

/** /api routes of the public catalogue (spec section 7). */
export function catalogueRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services;
  // The catalogue comes from memory while it is unchanged (server/db/content-cache.ts).
  const content = services.content;

  router.get('/pricelist', async (_req, res) => {
    res.json(await priceList(content));
  });

  // A landing page: the service page of that code, else the area of that code.
  router.get('/service/:id', async (req, res) => {
    const { id } = parseParams(codeParams, req.params);
    const page = (await findServicePage(content, id)) ?? (await findArea(content, id));
    if (!page) throw new NotFoundError('We could not find that page.');
    res.json(page);
  });

  router.get('/getarea/limited', async (_req, res) => {
    res.json(await featuredAreas(content));
  });
  router.get('/getarea/group', async (_req, res) => {
    res.json(await areaGroupsWithAreas(content));
  });
  router.get('/getarea/:id', async (req, res) => {
    const { id } = parseParams(codeParams, req.params);
    const area = await findArea(content, id);
    if (!area) throw new NotFoundError('We could not find that area.');
    res.json(area);
  });

  router.get('/branches', async (_req, res) => {
    res.json(await listBranches(content));
  });
  router.get('/faqs', async (_req, res) => {
    res.json(await listFaqs(content));
  });

  router.get('/getblogs', async (_req, res) => {
    res.json(await listBlogPosts(content));
  });
  router.get('/getblog/:id', async (req, res) => {
    const { id } = parseParams(codeParams, req.params);
    const post = await findBlogPost(content, id);
    if (!post) throw new NotFoundError('We could not find that post.');
    res.json(post);
  });

  // The visitor's IP is read here, from the request: no third-party IP service.
  router.post('/user-info', async (req, res) => {
    const { page } = parseBody(visitBody, req.body);
    await recordVisit(db, { page, ip: clientIp(req) });
    res.json({ status: true });
  });

  router.post('/newsletter', async (req, res) => {
    const { email } = parseBody(newsletterBody, req.body);
    await subscribeToNewsletter(db, email);
    res.json({ status: true, message: 'Thank you for subscribing.' });
  });

  return router;
}

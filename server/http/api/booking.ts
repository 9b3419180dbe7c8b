import { Router } from 'express';
import { z } from 'zod';
import type { AppServices } from '../../services';
import { checkCoverage, joinAreaWaitlist } from '../../use-cases/booking/coverage';
import { listDeliverySlots, listPickupSlots } from '../../use-cases/slots/list-slots';
import { parseBody, parseParams } from '../parse';

const findQuery = z.object({
  text: z.string({ error: 'Please type at least 2 characters of your address.' }).trim().max(100),
  container: z.string().max(200).optional(),
});
const retrieveParams = z.object({ id: z.string().min(1).max(200) });
const coverageQuery = z.object({
  postcode: z.string({ error: 'Please enter a valid UK postcode' }).max(10),
});
const waitlistBody = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  postcode: z.string({ error: 'Please enter a valid UK postcode' }).max(10),
});

/** /api routes of booking: slots, address lookup and coverage (spec section 7). */
export function bookingRoutes(services: AppServices): Router {
  const router = Router();

  router.get('/pickup', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listPickupSlots(services.content, services.now()));
  });

  router.get('/delivery/:slot', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listDeliverySlots(services.content, String(req.params.slot), services.now()));
  });

  // Address search starts at 2 characters and is limited to GB; lookup errors give an empty
  // list (spec section 8), which the providers guarantee.
  router.get('/address/find', async (req, res) => {
    const { text, container } = parseParams(findQuery, req.query);
    if (text.length < 2 && !container) {
      res.json({ Items: [], provider: services.address.kind });
      return;
    }
    const items = await services.address.find(text, container);
    res.json({ Items: items, provider: services.address.kind });
  });

  router.get('/address/retrieve/:id', async (req, res) => {
    const { id } = parseParams(retrieveParams, req.params);
    const address = await services.address.retrieve(id);
    res.json({ Items: address ? [address] : [] });
  });

  router.get('/coverage', async (req, res) => {
    const { postcode } = parseParams(coverageQuery, req.query);
    res.json(await checkCoverage(services.db, postcode, services.config.brand));
  });

  router.post('/area-waitlist', async (req, res) => {
    const input = parseBody(waitlistBody, req.body);
    await joinAreaWaitlist(services.db, input);
    res.json({
      status: true,
      message: `Thank you. We will e-mail ${input.email} when we collect from ${input.postcode.toUpperCase()}.`,
    });
  });

  return router;
}

import type { AppServices } from '../services';
import {
  areaGroupsWithAreas,
  featuredAreas,
  listBlogPosts,
  listBranches,
  listFaqs,
  priceList,
} from '../use-cases/catalogue/catalogue';
import { listDeliverySlots, listPickupSlots } from '../use-cases/slots/list-slots';

/**
 * Examples of the OpenAPI document, taken from this site's own data (the seeded catalogue,
 * today's slots, the address lookup) rather than written by hand, so they stay true.
 */
export async function seededExamples(
  services: AppServices,
): Promise<Record<string, { request?: unknown; reply?: unknown }>> {
  const first = <T>(list: readonly T[], n = 1) => list.slice(0, n);
  const prices = await priceList(services.content);
  const groups = await areaGroupsWithAreas(services.content);
  const areas = groups.flatMap((g) => g.areas);
  const posts = await listBlogPosts(services.content);
  const pickups = await listPickupSlots(services).catch(() => []);
  const pickup = pickups[0];
  const deliveries = pickup
    ? await listDeliverySlots(services, {
        slot: `${pickup.slot_date} ${pickup.slot_start}`,
      }).catch(() => [])
    : [];
  const delivery = deliveries.find((s) => s.slot_start !== 'express');
  const area = areas[0];
  const found = area ? await services.address.find(area.outward_code) : [];
  const address = {
    door_number: 'Flat 2',
    line1: '7 Elgin Avenue',
    town: 'London',
    postcode: 'W9 2HD',
  };
  const lookupShaped = {
    Label: '7 Elgin Avenue, London, W9 2HD',
    Line1: '7 Elgin Avenue',
    City: 'London',
    PostalCode: 'W9 2HD',
    Company: '',
    Type: 'Residential',
  };
  const customer = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' };
  return {
    getPriceList: {
      reply: first(prices).map((c) => ({ ...c, services: first(c.services, 3) })),
    },
    getAreaGroups: {
      reply: first(groups).map((g) => ({ ...g, areas: first(g.areas, 2) })),
    },
    getFeaturedAreas: { reply: first(await featuredAreas(services.content), 2) },
    getArea: area ? { reply: area } : {},
    getBranches: { reply: first(await listBranches(services.content)) },
    getFaqs: { reply: first(await listFaqs(services.content), 2) },
    getBlogPosts: { reply: first(posts) },
    getBlogPost: posts[0] ? { reply: posts[0] } : {},
    listPickupSlots: { reply: first(pickups, 3) },
    listDeliverySlots: { reply: first(deliveries, 3) },
    findAddress: { reply: { Items: first(found, 3), provider: services.address.kind } },
    register: {
      request: { ...customer, password: 'Secret@123', address: lookupShaped },
    },
    startGuestCheckout: { request: { ...customer, address } },
    placeOrder:
      pickup && delivery
        ? {
            request: {
              pickup_date: pickup.slot_date,
              pickup_start: pickup.slot_start,
              delivery_date: delivery.slot_date,
              delivery_start: delivery.slot_start,
              customer_name: customer.name,
              customer_email: customer.email,
              customer_phone: customer.phone,
              customer_notes: 'Ring the top bell',
              status: 'pending',
              idempotency_key: 'checkout-attempt-7f3a9c21',
              estimate: {
                items: prices
                  .flatMap((c) => c.services)
                  .slice(0, 2)
                  .map((s, i) => ({ service_id: s.id, quantity: i + 1 })),
                not_sure: false,
              },
              price_cap: '40.00',
            },
          }
        : {},
    logIn: { request: { email: customer.email, password: 'Secret@123' } },
  };
}

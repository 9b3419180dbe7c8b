import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { textablePhone } from './phone';
import { textCustomer } from './notify-customer';
import { marketingText } from './text-templates';

/** The owner's words of a marketing text, before the brand and the opt-out are added. */
export const MARKETING_BODY_MAX = 250;

/**
 * A marketing text to every customer who consented to marketing texts (PECR, issue 17,
 * decision 031), owner only (the route checks the role): one text each, purpose 'marketing',
 * ending with "Reply STOP to opt out". A number that replied STOP gets none (suppressed 'opted
 * out'); quiet hours hold it until 08:00 and the daily cap counts it, as for service texts.
 * One customer per number: guests' repeated rows share one text. Audited with the count.
 */
export async function sendMarketingText(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { actor: Actor; body: string },
): Promise<{ queued: number; suppressed: number }> {
  const now = deps.now();
  const body = marketingText(deps.config.brand, input.body);
  return deps.db.transaction(async (tx) => {
    const consenting = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.marketingSms, true), isNull(customers.deletedAt)));
    const seen = new Set<string>();
    let queued = 0;
    let suppressed = 0;
    for (const customer of consenting) {
      const phone = textablePhone(customer.phone);
      if (!phone || seen.has(phone)) continue;
      seen.add(phone);
      const outcome = await textCustomer(tx, {
        customer,
        phone,
        // Marketing goes as SMS: WhatsApp marketing needs the provider's approved templates.
        channel: 'sms',
        purpose: 'marketing',
        template: 'marketing',
        event: 'marketing',
        body,
        now,
      });
      if (outcome === 'queued') queued += 1;
      else suppressed += 1;
    }
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'marketing.text',
      entity: 'marketing',
      entityId: now.toISOString(),
      after: { body, queued, suppressed },
    });
    return { queued, suppressed };
  });
}

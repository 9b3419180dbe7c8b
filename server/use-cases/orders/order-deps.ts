import type { Brand } from '@shared/brand';
import type { MailService } from '../../adapters/mail/mail-service';
import type { LinkSigner } from '../../auth/signed-links';
import type { Database } from '../../db/client';
import type { SettleDeps } from '../payments/settle-overpayment';

/** What the order verbs that write need: the database, mail, and the providers for refunds. */
export type OrderDeps = {
  db: Database;
  mail: MailService;
  brand: Brand;
  publicUrl: string;
  links: LinkSigner;
  /** The providers that took the money, for refunds. */
  providers: SettleDeps['providers'];
};

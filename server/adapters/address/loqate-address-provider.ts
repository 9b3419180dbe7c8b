import type { Logger } from '../../logger';
import type { AddressProvider, AddressSuggestion, RetrievedAddress } from './address-provider';

/**
 * Loqate (Capture Interactive Find v1.1 / Retrieve v1.2) over HTTPS, limited to GB. The key
 * stays on the server. Any failure (network, HTTP status, an error item from Loqate) is
 * logged and answered with an empty result, as spec section 8 asks.
 */
export function createLoqateAddressProvider(options: {
  key: string;
  baseUrl?: string;
  logger: Logger;
  timeoutMs?: number;
}): AddressProvider {
  const base = options.baseUrl ?? 'https://api.addressy.com';
  const timeout = options.timeoutMs ?? 5_000;

  async function call(
    path: string,
    params: Record<string, string>,
  ): Promise<Record<string, string>[]> {
    const url = new URL(path, base);
    url.search = new URLSearchParams({ Key: options.key, ...params }).toString();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeout) });
      if (!response.ok) {
        options.logger.warn('address lookup failed', {
          provider: 'loqate',
          status: response.status,
        });
        return [];
      }
      const body = (await response.json()) as { Items?: Record<string, string>[] };
      const items = body.Items ?? [];
      if (items.length === 1 && items[0]!.Error) {
        options.logger.warn('address lookup failed', {
          provider: 'loqate',
          error: items[0]!.Error,
          description: items[0]!.Description,
        });
        return [];
      }
      return items;
    } catch (error) {
      options.logger.warn('address lookup failed', {
        provider: 'loqate',
        reason: error instanceof Error ? error.name : 'unknown',
      });
      return [];
    }
  }

  return {
    kind: 'loqate',
    async find(text, container) {
      const items = await call('/Capture/Interactive/Find/v1.1/json3.ws', {
        Text: text,
        Countries: 'GB',
        Limit: '10',
        ...(container ? { Container: container } : {}),
      });
      return items.map((i): AddressSuggestion => ({
        Id: i.Id ?? '',
        Type: i.Type ?? 'Address',
        Text: i.Text ?? '',
        Description: i.Description ?? '',
        Label: [i.Text, i.Description].filter(Boolean).join(', '),
      }));
    },
    async retrieve(id) {
      const [i] = await call('/Capture/Interactive/Retrieve/v1.2/json3.ws', { Id: id });
      if (!i) return null;
      const result: RetrievedAddress = {
        Id: i.Id ?? id,
        Label: i.Label ?? '',
        Line1: i.Line1 ?? '',
        Line2: i.Line2 ?? '',
        City: i.City ?? '',
        PostalCode: i.PostalCode ?? '',
        Company: i.Company ?? '',
        BuildingNumber: i.BuildingNumber ?? '',
        Street: i.Street ?? '',
        Type: i.Type ?? 'Residential',
      };
      return result;
    },
  };
}

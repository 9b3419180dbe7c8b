/**
 * Address lookup in the Find / Retrieve shape of Loqate (spec section 7): Find returns
 * suggestions, some of which are containers (a street, a postcode) to search within;
 * Retrieve returns the chosen address. Providers never throw to callers: a failed lookup is
 * an empty list (spec section 8), logged by the caller.
 */
export type AddressSuggestion = {
  Id: string;
  /** 'Address' can be retrieved; anything else is a container for the next Find. */
  Type: string;
  Text: string;
  Description: string;
  Label: string;
};

export type RetrievedAddress = {
  Id: string;
  Label: string;
  Line1: string;
  Line2: string;
  City: string;
  PostalCode: string;
  Company: string;
  BuildingNumber: string;
  Street: string;
  /** 'Residential' or 'Commercial'. */
  Type: string;
};

export type AddressProvider = {
  /** 'loqate', or 'bundled' for the embedded offline default. */
  readonly kind: 'loqate' | 'bundled';
  find(text: string, container?: string): Promise<AddressSuggestion[]>;
  retrieve(id: string): Promise<RetrievedAddress | null>;
};

/**
 * The postcode districts each demo branch processes collection orders for (issue 32): every
 * district served (server/content/served-areas.ts) belongs to the nearest shop. Migration
 * 0018 writes the same list into databases seeded before branches had areas.
 */
export const BRANCH_DISTRICTS = {
  'maida-vale': ['W9', 'W2', 'W10', 'W12', 'W14', 'W6', 'W4'],
  'notting-hill': ['W11', 'W8', 'SW3', 'SW5', 'SW6', 'SW7', 'SW10', 'SW11', 'SW15', 'SW18'],
  'st-johns-wood': ['NW8', 'NW1', 'NW3', 'NW5', 'N1', 'N4', 'N5', 'N6', 'N7', 'N16', 'N19'],
  'west-hampstead': ['NW6', 'NW2', 'NW10', 'NW11'],
  marylebone: ['W1', 'WC1', 'WC2', 'EC1', 'EC2', 'EC4', 'SW1', 'E1', 'E2', 'E8', 'E14'],
} satisfies Record<string, string[]>;

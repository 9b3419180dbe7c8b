/**
 * The London postcode districts served, in their groups, with two real streets each (and
 * sector codes): the seed writes the area pages from them on first start
 * (server/db/seed/catalogue.ts), and the bundled offline address set is built on their streets
 * (server/adapters/address/bundled-address-provider.ts).
 */
export type ServedArea = {
  outward: string;
  name: string;
  slug: string;
  featured?: boolean;
  /** Street and a full postcode on it. */
  streets: [street: string, postcode: string][];
  blurb: string;
};

export type ServedAreaGroup = { title: string; areas: ServedArea[] };

export const AREA_GROUPS: ServedAreaGroup[] = [
  {
    title: 'North West London',
    areas: [
      {
        outward: 'NW1',
        name: "Camden Town & Regent's Park",
        slug: 'camden-town',
        featured: true,
        streets: [
          ['Parkway', 'NW1 7AH'],
          ['Albert Street', 'NW1 7NB'],
        ],
        blurb: "from the market stalls of Camden Lock to the terraces around Regent's Park",
      },
      {
        outward: 'NW2',
        name: 'Cricklewood',
        slug: 'cricklewood',
        streets: [
          ['Chichele Road', 'NW2 3DA'],
          ['Anson Road', 'NW2 6AB'],
        ],
        blurb: 'along the Broadway and the quiet roads towards Gladstone Park',
      },
      {
        outward: 'NW3',
        name: 'Hampstead',
        slug: 'hampstead',
        featured: true,
        streets: [
          ['Flask Walk', 'NW3 1HE'],
          ['Belsize Avenue', 'NW3 4BL'],
        ],
        blurb: 'from the Heath and Flask Walk to Belsize Park and Swiss Cottage',
      },
      {
        outward: 'NW5',
        name: 'Kentish Town',
        slug: 'kentish-town',
        streets: [
          ['Leighton Road', 'NW5 2QE'],
          ['Lady Somerset Road', 'NW5 1TU'],
        ],
        blurb: 'between Tufnell Park, Dartmouth Park and Kentish Town Road',
      },
      {
        outward: 'NW6',
        name: 'Kilburn & West Hampstead',
        slug: 'west-hampstead',
        featured: true,
        streets: [
          ['Fortune Green Road', 'NW6 1DT'],
          ['Brondesbury Road', 'NW6 6BS'],
        ],
        blurb: "from West End Lane to Queen's Park and Kilburn High Road",
      },
      {
        outward: 'NW8',
        name: "St John's Wood",
        slug: 'st-johns-wood',
        featured: true,
        streets: [
          ['Hamilton Terrace', 'NW8 9QY'],
          ['Clifton Hill', 'NW8 0QG'],
        ],
        blurb: "around the High Street, Lord's and the villas of Hamilton Terrace",
      },
      {
        outward: 'NW10',
        name: 'Willesden & Kensal Rise',
        slug: 'willesden',
        streets: [
          ['Chamberlayne Road', 'NW10 3NB'],
          ['Harlesden Road', 'NW10 2BY'],
        ],
        blurb: 'from Kensal Rise and Harlesden to Willesden Green',
      },
      {
        outward: 'NW11',
        name: 'Golders Green',
        slug: 'golders-green',
        streets: [
          ['Golders Green Road', 'NW11 8LL'],
          ['Hampstead Way', 'NW11 7JE'],
        ],
        blurb: 'across Golders Green and the Hampstead Garden Suburb',
      },
    ],
  },
  {
    title: 'West London',
    areas: [
      {
        outward: 'W2',
        name: 'Bayswater & Paddington',
        slug: 'bayswater',
        featured: true,
        streets: [
          ['Westbourne Grove', 'W2 4UA'],
          ['Sussex Gardens', 'W2 1UD'],
        ],
        blurb: "from Paddington Basin to Westbourne Grove and Hyde Park's northern edge",
      },
      {
        outward: 'W4',
        name: 'Chiswick',
        slug: 'chiswick',
        streets: [
          ['Turnham Green Terrace', 'W4 1RG'],
          ['Devonshire Road', 'W4 2HD'],
        ],
        blurb: 'along Chiswick High Road, Turnham Green and Strand-on-the-Green',
      },
      {
        outward: 'W6',
        name: 'Hammersmith',
        slug: 'hammersmith',
        streets: [
          ['King Street', 'W6 0QA'],
          ['Brook Green', 'W6 7BL'],
        ],
        blurb: 'from Brook Green to the riverside pubs of Upper Mall',
      },
      {
        outward: 'W8',
        name: 'Kensington',
        slug: 'kensington',
        featured: true,
        streets: [
          ['Kensington Church Street', 'W8 4LF'],
          ['Phillimore Gardens', 'W8 7QB'],
        ],
        blurb: 'from Kensington High Street to Holland Park and Church Street',
      },
      {
        outward: 'W9',
        name: 'Maida Vale',
        slug: 'maida-vale',
        featured: true,
        streets: [
          ['Elgin Avenue', 'W9 2HD'],
          ['Randolph Avenue', 'W9 1BH'],
        ],
        blurb: 'our home district, from Little Venice and Warwick Avenue to Elgin Avenue',
      },
      {
        outward: 'W10',
        name: 'North Kensington',
        slug: 'north-kensington',
        streets: [
          ['Ladbroke Grove', 'W10 5AH'],
          ['Chesterton Road', 'W10 5LX'],
        ],
        blurb: "from Ladbroke Grove to the Portobello Road's northern end",
      },
      {
        outward: 'W11',
        name: 'Notting Hill',
        slug: 'notting-hill',
        featured: true,
        streets: [
          ['Portobello Road', 'W11 2QB'],
          ['Ledbury Road', 'W11 2AQ'],
        ],
        blurb: 'around Portobello Road, Westbourne Grove and Holland Park Avenue',
      },
      {
        outward: 'W12',
        name: "Shepherd's Bush",
        slug: 'shepherds-bush',
        streets: [
          ['Askew Road', 'W12 9AH'],
          ['Goldhawk Road', 'W12 8QD'],
        ],
        blurb: 'from the Green and White City to Askew Road',
      },
      {
        outward: 'W14',
        name: 'West Kensington',
        slug: 'west-kensington',
        streets: [
          ['North End Road', 'W14 9EU'],
          ['Addison Gardens', 'W14 0DP'],
        ],
        blurb: 'from Olympia and Addison Gardens to North End Road',
      },
    ],
  },
  {
    title: 'Central London',
    areas: [
      {
        outward: 'W1',
        name: 'Marylebone & Mayfair',
        slug: 'marylebone',
        featured: true,
        streets: [
          ['Marylebone High Street', 'W1U 4QW'],
          ['Mount Street', 'W1K 3NR'],
        ],
        blurb: 'from Marylebone Village to Mayfair and Fitzrovia',
      },
      {
        outward: 'WC1',
        name: 'Bloomsbury',
        slug: 'bloomsbury',
        streets: [
          ["Lamb's Conduit Street", 'WC1N 3LE'],
          ['Marchmont Street', 'WC1N 1AB'],
        ],
        blurb: 'among the squares of Bloomsbury and Holborn',
      },
      {
        outward: 'WC2',
        name: 'Covent Garden',
        slug: 'covent-garden',
        streets: [
          ['Neal Street', 'WC2H 9PJ'],
          ['Long Acre', 'WC2E 9LH'],
        ],
        blurb: "from Seven Dials to the Strand and Lincoln's Inn Fields",
      },
      {
        outward: 'EC1',
        name: 'Clerkenwell',
        slug: 'clerkenwell',
        streets: [
          ['Exmouth Market', 'EC1R 4QL'],
          ['St John Street', 'EC1V 4PY'],
        ],
        blurb: 'from Exmouth Market to Angel, Farringdon and the Barbican',
      },
      {
        outward: 'EC2',
        name: 'City of London',
        slug: 'city-of-london',
        streets: [
          ['Moorgate', 'EC2R 6DA'],
          ['Wood Street', 'EC2V 7AF'],
        ],
        blurb: 'to homes and offices from Moorgate to Liverpool Street',
      },
      {
        outward: 'EC4',
        name: "Fleet Street & St Paul's",
        slug: 'fleet-street',
        streets: [
          ['Fleet Street', 'EC4Y 1AA'],
          ['Carter Lane', 'EC4V 5EQ'],
        ],
        blurb: "from Fleet Street to St Paul's and Cannon Street",
      },
      {
        outward: 'SW1',
        name: 'Westminster & Belgravia',
        slug: 'belgravia',
        featured: true,
        streets: [
          ['Elizabeth Street', 'SW1W 9PP'],
          ['Warwick Way', 'SW1V 1QP'],
        ],
        blurb: "across Belgravia, Pimlico, Victoria and St James's",
      },
    ],
  },
  {
    title: 'South West London',
    areas: [
      {
        outward: 'SW3',
        name: 'Chelsea',
        slug: 'chelsea',
        featured: true,
        streets: [
          ["King's Road", 'SW3 5UP'],
          ['Flood Street', 'SW3 5ST'],
        ],
        blurb: "from Sloane Square along the King's Road to the Embankment",
      },
      {
        outward: 'SW5',
        name: "Earl's Court",
        slug: 'earls-court',
        streets: [
          ['Earls Court Road', 'SW5 9QA'],
          ['Nevern Square', 'SW5 9NW'],
        ],
        blurb: "around Earl's Court Road and its garden squares",
      },
      {
        outward: 'SW6',
        name: 'Fulham',
        slug: 'fulham',
        featured: true,
        streets: [
          ['Munster Road', 'SW6 5RE'],
          ['Wandsworth Bridge Road', 'SW6 2TY'],
        ],
        blurb: 'from Parsons Green to Fulham Broadway and the river',
      },
      {
        outward: 'SW7',
        name: 'South Kensington',
        slug: 'south-kensington',
        streets: [
          ['Old Brompton Road', 'SW7 3DL'],
          ["Queen's Gate", 'SW7 5EH'],
        ],
        blurb: "from the museums and Gloucester Road to Queen's Gate",
      },
      {
        outward: 'SW10',
        name: 'West Brompton & Chelsea Harbour',
        slug: 'west-brompton',
        streets: [
          ['Fulham Road', 'SW10 9PR'],
          ['Redcliffe Gardens', 'SW10 9HA'],
        ],
        blurb: 'from the Fulham Road to Chelsea Harbour',
      },
      {
        outward: 'SW11',
        name: 'Battersea',
        slug: 'battersea',
        streets: [
          ['Northcote Road', 'SW11 1NP'],
          ['Battersea Park Road', 'SW11 4LF'],
        ],
        blurb: 'from Northcote Road and the park to the Power Station',
      },
      {
        outward: 'SW15',
        name: 'Putney',
        slug: 'putney',
        streets: [
          ['Putney High Street', 'SW15 1SL'],
          ['Lower Richmond Road', 'SW15 1JN'],
        ],
        blurb: 'from the bridge and the High Street to Putney Heath',
      },
      {
        outward: 'SW18',
        name: 'Wandsworth',
        slug: 'wandsworth',
        streets: [
          ['Old York Road', 'SW18 1TG'],
          ['Trinity Road', 'SW18 3SR'],
        ],
        blurb: 'from Old York Road and the Common to Southfields',
      },
    ],
  },
  {
    title: 'North London',
    areas: [
      {
        outward: 'N1',
        name: 'Islington',
        slug: 'islington',
        featured: true,
        streets: [
          ['Upper Street', 'N1 1QP'],
          ['Canonbury Road', 'N1 2DG'],
        ],
        blurb: 'from Angel and Upper Street to Canonbury and De Beauvoir',
      },
      {
        outward: 'N4',
        name: 'Finsbury Park',
        slug: 'finsbury-park',
        streets: [
          ['Stroud Green Road', 'N4 3EF'],
          ['Blackstock Road', 'N4 2DR'],
        ],
        blurb: 'around the park, Stroud Green Road and Blackstock Road',
      },
      {
        outward: 'N5',
        name: 'Highbury',
        slug: 'highbury',
        streets: [
          ['Highbury Park', 'N5 1TH'],
          ['Aberdeen Park', 'N5 2BL'],
        ],
        blurb: 'from Highbury Fields to Highbury Park',
      },
      {
        outward: 'N6',
        name: 'Highgate',
        slug: 'highgate',
        streets: [
          ['Highgate High Street', 'N6 5JT'],
          ['Cholmeley Park', 'N6 5EN'],
        ],
        blurb: 'from Highgate Village to Waterlow Park and the cemetery',
      },
      {
        outward: 'N7',
        name: 'Holloway',
        slug: 'holloway',
        streets: [
          ['Holloway Road', 'N7 8JL'],
          ['Caledonian Road', 'N7 9RN'],
        ],
        blurb: 'along Holloway Road and the Caledonian Road',
      },
      {
        outward: 'N16',
        name: 'Stoke Newington',
        slug: 'stoke-newington',
        streets: [
          ['Church Street', 'N16 0AP'],
          ['Albion Road', 'N16 9PX'],
        ],
        blurb: 'from Church Street and Clissold Park to Newington Green',
      },
      {
        outward: 'N19',
        name: 'Upper Holloway & Archway',
        slug: 'archway',
        streets: [
          ['Junction Road', 'N19 5QT'],
          ['Dartmouth Park Hill', 'N19 5HT'],
        ],
        blurb: 'from Archway and Tufnell Park to Upper Holloway',
      },
    ],
  },
  {
    title: 'East London',
    areas: [
      {
        outward: 'E1',
        name: 'Whitechapel & Spitalfields',
        slug: 'spitalfields',
        streets: [
          ['Commercial Street', 'E1 6LP'],
          ['Wapping High Street', 'E1W 1NG'],
        ],
        blurb: "from Spitalfields and Shoreditch's edge to Wapping",
      },
      {
        outward: 'E2',
        name: 'Bethnal Green',
        slug: 'bethnal-green',
        streets: [
          ['Columbia Road', 'E2 7RG'],
          ['Old Bethnal Green Road', 'E2 6QA'],
        ],
        blurb: "from Columbia Road to Victoria Park's western gates",
      },
      {
        outward: 'E8',
        name: 'Hackney & Dalston',
        slug: 'hackney',
        streets: [
          ['Broadway Market', 'E8 4PH'],
          ['Dalston Lane', 'E8 3DF'],
        ],
        blurb: 'from Broadway Market and London Fields to Dalston',
      },
      {
        outward: 'E14',
        name: 'Canary Wharf',
        slug: 'canary-wharf',
        featured: true,
        streets: [
          ['Westferry Road', 'E14 8JH'],
          ['Narrow Street', 'E14 8DP'],
        ],
        blurb: 'across Canary Wharf, Limehouse and the Isle of Dogs',
      },
    ],
  },
];

export const ALL_AREAS: ServedArea[] = AREA_GROUPS.flatMap((g) => g.areas);

import { describe, expect, it } from 'vitest';
import {
  againEstimateForm,
  capText,
  emptyEstimateForm,
  estimateFormErrors,
  estimateOf,
  readEstimateForm,
  shownCap,
  type EstimateCatalogue,
} from './estimate-form';

const catalogue: EstimateCatalogue = [
  {
    name: 'Shirts',
    services: [{ id: 1, name: 'Shirt on hanger', pence: 350 }],
  },
  {
    name: 'Suits',
    services: [
      { id: 2, name: 'Two-piece suit', pence: 1850 },
      { id: 3, name: 'Kilt', pence: 0 },
    ],
  },
];

function post(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe('the summary’s estimate as a form post (no JavaScript)', () => {
  const lines: [string, string][] = [
    ['line_service', '1'],
    ['line_quantity', '4'],
    ['line_service', '2'],
    ['line_quantity', '1'],
  ];

  it('reads the lines, adds one and removes one as the buttons ask', () => {
    const added = readEstimateForm(
      post([...lines, ['add_service', '3'], ['add_quantity', '']]),
      'add',
    );
    expect(added.lines).toEqual([
      { serviceId: 1, quantity: '4' },
      { serviceId: 2, quantity: '1' },
      { serviceId: 3, quantity: '1' },
    ]);
    expect(readEstimateForm(post(lines), 'remove:0').lines).toEqual([
      { serviceId: 2, quantity: '1' },
    ]);
    // The add field is only read by Add.
    expect(readEstimateForm(post([...lines, ['add_service', '3']]), 'place').lines).toHaveLength(2);
  });

  it('"Not sure" sets the lines aside', () => {
    expect(readEstimateForm(post([...lines, ['not_sure', 'yes']]), 'estimate')).toMatchObject({
      lines: [],
      notSure: true,
    });
  });

  it('a cap left at the offered default follows the estimate; a typed one stays', () => {
    const left = readEstimateForm(
      post([...lines, ['price_cap', '40'], ['price_cap_default', '40']]),
      'estimate',
    );
    expect(left.capIsDefault).toBe(true);
    expect(shownCap(left, estimateOf(left, catalogue))).toBe('35');
    const typed = readEstimateForm(
      post([...lines, ['price_cap', '60'], ['price_cap_default', '40']]),
      'estimate',
    );
    expect(typed.capIsDefault).toBe(false);
    expect(shownCap(typed, estimateOf(typed, catalogue))).toBe('60');
  });

  it('says what placing the order would refuse, with the API’s fields and texts', () => {
    expect(
      estimateFormErrors({
        lines: [
          { serviceId: 1, quantity: '0' },
          { serviceId: 2, quantity: 'two' },
          { serviceId: 2, quantity: '99' },
        ],
        notSure: false,
        cap: '24.99',
        capIsDefault: false,
      }),
    ).toEqual({
      'estimate.items.0.quantity': 'Enter a quantity from 1 to 99.',
      'estimate.items.1.quantity': 'Enter a quantity from 1 to 99.',
      price_cap: 'The cap cannot be below the £25 minimum order.',
    });
    expect(estimateFormErrors({ ...emptyEstimateForm, cap: 'lots', capIsDefault: false })).toEqual({
      price_cap: 'Enter the cap as an amount in pounds, like 40 or 40.00.',
    });
    expect(estimateFormErrors(emptyEstimateForm)).toEqual({});
  });

  it('shows whole-pound caps without pence', () => {
    expect(capText(3500)).toBe('35');
    expect(capText(3550)).toBe('35.50');
    expect(capText(3505)).toBe('35.05');
  });
});

describe('againEstimateForm (issue 31: Book again)', () => {
  const catalogue = [
    {
      name: 'Suits',
      services: [
        { id: 7, name: 'Two-piece suit', pence: 1650 },
        { id: 8, name: 'Shirt on hanger', pence: 350 },
      ],
    },
  ];

  it('the last items as editable lines, only those still listed, and the cap as the customer’s', () => {
    const form = againEstimateForm(
      {
        items: [
          { serviceId: 7, quantity: 2 },
          { serviceId: 99, quantity: 1 },
          { serviceId: 8, quantity: 3 },
        ],
        capPence: 6000,
      },
      catalogue,
    );
    expect(form).toEqual({
      lines: [
        { serviceId: 7, quantity: '2' },
        { serviceId: 8, quantity: '3' },
      ],
      notSure: false,
      cap: '60',
      capIsDefault: false,
    });
  });

  it('no cap known: the default cap', () => {
    const form = againEstimateForm({ items: [], capPence: null }, catalogue);
    expect(form.capIsDefault).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import {
  ageBand,
  consumerRightsSentence,
  creditWithBonus,
  explainOffer,
  makeOffer,
  needsOwnerSignOff,
  raisedLines,
  type OfferInput,
} from './offer';
import { defaultClaimTable, garmentConditions, tableProblem, type ClaimTable } from './table';
import { answerDueAt, claimWindowEndsAt } from './window';

/*
 * Issue 34: the offer, worked out and not haggled. Each band edge, each condition, the
 * ceiling without a receipt, the threshold, and a table change that leaves an offer made
 * already as it was.
 */

const table = defaultClaimTable;
const shirt: OfferInput = {
  category: 'shirts',
  ageMonths: 6,
  condition: 'average',
  statedCostPence: 6000,
  receipt: true,
  cleaningChargePence: 450,
};

describe('age bands scale with the category’s life', () => {
  // Shirts live 24 months: edges at 10 % (2.4), 25 % (6), 50 % (12), 75 % (18), 100 % (24).
  test.each([
    [0, 0],
    [2, 0],
    [3, 1],
    [6, 1],
    [7, 2],
    [12, 2],
    [13, 3],
    [18, 3],
    [19, 4],
    [24, 4],
    [25, 5],
    [240, 5],
  ])('a shirt of %i months is in band %i', (age, band) => {
    expect(ageBand(table.bands, 24, age)).toBe(band);
  });

  test('the same age is a younger band for a longer-lived category', () => {
    // 12 months: half a shirt's life, a fifth of a coat's (60), a tenth of a wedding dress's.
    expect(ageBand(table.bands, 24, 12)).toBe(2);
    expect(ageBand(table.bands, 60, 12)).toBe(1);
    expect(ageBand(table.bands, 120, 12)).toBe(0);
    expect(ageBand(table.bands, 120, 13)).toBe(1);
  });
});

describe('the offer', () => {
  test('replacement cost × percentage + the cleaning charge, in pence', () => {
    const offer = makeOffer(table, 1, shirt);
    expect(offer).toMatchObject({
      tableVersion: 1,
      lifeMonths: 24,
      band: 1,
      bandUpToMonths: 6,
      percent: 60,
      replacementCostPence: 6000,
      costBasis: 'receipt',
      valuePence: 3600,
      cleaningChargePence: 450,
      totalPence: 4050,
    });
  });

  test.each(garmentConditions.map((c, i) => [c, [70, 60, 45][i]!] as const))(
    'condition %s at 4 months: %i %%',
    (condition, percent) => {
      const offer = makeOffer(table, 1, { ...shirt, ageMonths: 4, condition });
      expect(offer.percent).toBe(percent);
      expect(offer.valuePence).toBe(60 * percent);
    },
  );

  test('rounds to the nearest penny', () => {
    const offer = makeOffer(table, 1, { ...shirt, statedCostPence: 1999, condition: 'poor' });
    // 45 % of 1999 = 899.55 → 900
    expect(offer.valuePence).toBe(900);
  });

  test('without a receipt: the customer’s cost up to the ceiling, or the ceiling', () => {
    const under = makeOffer(table, 1, { ...shirt, receipt: false, statedCostPence: 3000 });
    expect(under).toMatchObject({ replacementCostPence: 3000, costBasis: 'stated-within-ceiling' });
    const over = makeOffer(table, 1, { ...shirt, receipt: false, statedCostPence: 9000 });
    expect(over).toMatchObject({ replacementCostPence: 4000, costBasis: 'ceiling' });
    const unsaid = makeOffer(table, 1, { ...shirt, receipt: false, statedCostPence: null });
    expect(unsaid).toMatchObject({ replacementCostPence: 4000, costBasis: 'ceiling' });
    // A receipt above the ceiling is taken as it is.
    const receipt = makeOffer(table, 1, { ...shirt, receipt: true, statedCostPence: 9000 });
    expect(receipt).toMatchObject({ replacementCostPence: 9000, costBasis: 'receipt' });
  });

  test('the owner signs off only above the threshold (£75 by default)', () => {
    expect(needsOwnerSignOff(7499, table.settings)).toBe(false);
    expect(needsOwnerSignOff(7500, table.settings)).toBe(false);
    expect(needsOwnerSignOff(7501, table.settings)).toBe(true);
    expect(needsOwnerSignOff(7500, { ...table.settings, signOffAbovePence: 5000 })).toBe(true);
  });

  test('credit carries the owner’s bonus', () => {
    expect(creditWithBonus(4050, table.settings)).toBe(4455);
    expect(creditWithBonus(4050, { ...table.settings, creditBonusPercent: 0 })).toBe(4050);
  });

  test('a table change does not alter an offer already made', () => {
    const made = makeOffer(table, 1, shirt);
    const kept = structuredClone(made);
    const changed: ClaimTable = structuredClone(table);
    changed.categories.shirts.lifeMonths = 12;
    changed.bands[2]!.percent.average = 10;
    const remade = makeOffer(changed, 2, shirt);
    expect(remade).toMatchObject({ tableVersion: 2, band: 2, percent: 10, totalPence: 1050 });
    // The offer made under version 1 reads as it did: its words come from its own numbers.
    expect(made).toEqual(kept);
    expect(explainOffer(made)).toEqual(explainOffer(kept));
    expect(explainOffer(made).join(' ')).toContain('£40.50 in all');
  });

  test('explained in plain words, with the Consumer Rights Act', () => {
    expect(
      explainOffer(makeOffer(table, 1, { ...shirt, receipt: false, statedCostPence: null })),
    ).toEqual([
      'We expect shirts and blouses to last 24 months.',
      'Yours is 6 months old, in the age band up to 6 months, and was in average condition.',
      'A garment of that age and condition is worth 60% of a new one.',
      'Without a receipt we use our ceiling for shirts and blouses: £40.00.',
      '60% of £40.00 is £24.00; we add the £4.50 you paid to clean it: £28.50 in all.',
    ]);
    expect(consumerRightsSentence).toContain('Consumer Rights Act 2015');
  });
});

describe('the table', () => {
  test('the default is valid, and bad edits are refused with a reason', () => {
    expect(tableProblem(table)).toBeNull();
    const falling = structuredClone(table);
    falling.bands[1]!.upToPercentOfLife = 5;
    expect(tableProblem(falling)).toBe('Age bands must rise, in whole percent of the life.');
    const upsideDown = structuredClone(table);
    upsideDown.bands[0]!.percent.poor = 90;
    expect(tableProblem(upsideDown)).toMatch(/excellent is worth at least average/);
    const noLife = structuredClone(table);
    noLife.categories.coats.lifeMonths = 0;
    expect(tableProblem(noLife)).toMatch(/Coats and jackets/);
  });
});

describe('the windows', () => {
  const reported = new Date('2026-12-01T10:00:00Z');
  const delivered = new Date('2026-12-03T18:00:00Z');
  const times = { intakeReportedAt: reported, deliveredAt: delivered };
  test('missing and not mine run from the intake report and from delivery, the later end', () => {
    const beforeDelivery = { ...times, deliveredAt: null };
    expect(claimWindowEndsAt('missing', beforeDelivery, table.settings)).toEqual(
      new Date('2026-12-03T10:00:00Z'),
    );
    // Seen short at delivery: 48 hours from it.
    expect(claimWindowEndsAt('missing', times, table.settings)).toEqual(
      new Date('2026-12-05T18:00:00Z'),
    );
    expect(claimWindowEndsAt('not-mine', times, table.settings)).toEqual(
      new Date('2026-12-05T18:00:00Z'),
    );
    // A counter ticket: no intake report, collected at the counter.
    expect(
      claimWindowEndsAt('missing', { ...times, intakeReportedAt: null }, table.settings),
    ).toEqual(new Date('2026-12-05T18:00:00Z'));
    expect(
      claimWindowEndsAt('missing', { intakeReportedAt: null, deliveredAt: null }, table.settings),
    ).toBeNull();
  });
  test('damage and re-clean run from delivery', () => {
    expect(claimWindowEndsAt('damaged', times, table.settings)).toEqual(
      new Date('2026-12-05T18:00:00Z'),
    );
    expect(
      claimWindowEndsAt('re-clean', times, { ...table.settings, damageWindowHours: 72 }),
    ).toEqual(new Date('2026-12-06T18:00:00Z'));
    expect(
      claimWindowEndsAt('damaged', { ...times, deliveredAt: null }, table.settings),
    ).toBeNull();
  });
  test('the promised answer time', () => {
    expect(answerDueAt(reported, table.settings)).toEqual(new Date('2026-12-03T10:00:00Z'));
  });
});

describe('times for people', () => {
  test('London time, summer and winter', async () => {
    const { londonDateTime } = await import('./window');
    expect(londonDateTime(new Date('2026-12-03T10:00:00Z'))).toBe('Thu 3 Dec 2026, 10:00');
    expect(londonDateTime(new Date('2026-07-03T10:00:00Z'))).toBe('Fri 3 Jul 2026, 11:00');
  });
});

describe('a raised offer (decision 063)', () => {
  const line = (statedCostPence: number) => makeOffer(table, 0, { ...shirt, statedCostPence });
  test('its lines add up to the raised total, in proportion, each adjustment kept', () => {
    const lines = [line(6000), line(2000)];
    const raised = raisedLines(lines, 10_001);
    expect(raised.reduce((s, l) => s + l.totalPence, 0)).toBe(10_001);
    for (const l of raised) {
      expect(l.totalPence).toBe(l.valuePence + l.cleaningChargePence + l.adjustmentPence!);
    }
    expect(raised[0]!.totalPence).toBeGreaterThan(raised[1]!.totalPence);
    expect(explainOffer(raised[0]!).at(-1)).toContain('After your dispute, our owner made it');
  });
  test('lines worth nothing by the table share the total equally', () => {
    const nothing = { ...line(0), valuePence: 0, cleaningChargePence: 0, totalPence: 0 };
    expect(raisedLines([nothing, nothing, nothing], 1000).map((l) => l.totalPence)).toEqual([
      333, 333, 334,
    ]);
  });
});

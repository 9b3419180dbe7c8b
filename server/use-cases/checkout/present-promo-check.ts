import { formatPence } from '@shared/money';
import { appliedCodeLabel } from '@shared/promo';
import type { CheckedCode } from './check-promo-code';

/** The checkout's Apply as POST /api/promo/check answers it (issue 31): money as '2.50'. */
export function promoCheckView(checked: CheckedCode) {
  const { applied } = checked;
  return {
    code: applied.code,
    source: applied.source,
    label: appliedCodeLabel(applied),
    offer: checked.offer,
    kind: applied.kind,
    percent_off: applied.percentOff,
    amount_off: applied.amountOffPence === null ? null : formatPence(applied.amountOffPence),
    min_spend: formatPence(applied.minSpendPence),
    discount: checked.discountPence === null ? null : formatPence(checked.discountPence),
    total: checked.totalPence === null ? null : formatPence(checked.totalPence),
  };
}

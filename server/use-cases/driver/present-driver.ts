import { DateTime } from 'luxon';
import type { Brand } from '@shared/brand';
import { doorInAddress } from '@shared/address';
import { careSummary } from '@shared/care-preferences';
import { startsOnLaterLondonDay } from '@shared/driver-day';
import { LONDON_ZONE } from '@shared/london-time';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { orderAddressLines } from '../accounts/full-address';
import { clockWindow } from '../orders/present-order-parts';
import type { DriverStop } from './driver-stops';
import { stopVersion } from './stop-version';

/*
 * The driver's view (issue 16, decision 026): each stop of the route as the phone shows it,
 * the day a list is for and what an action did.
 */

/** "Tuesday 24 November", the day a list is for. */
export function driverDayLabel(date: string): string {
  return DateTime.fromISO(date, { zone: LONDON_ZONE }).toFormat('cccc d LLLL');
}

/** The reply of an action: what happened, and the stop as it stands now. */
export function stopActionText(
  brand: Brand,
  result: { orderNo: number; outcome: 'collected' | 'not-home' | 'delivered'; bags: number | null },
): string {
  const number = orderNumber(brand, result.orderNo);
  if (result.outcome === 'collected') {
    return `${number} collected (${result.bags} bag${result.bags === 1 ? '' : 's'}).`;
  }
  if (result.outcome === 'delivered') return `${number} delivered.`;
  return `${number}: not home. The customer has been e-mailed a link to choose a new time.`;
}

function stateLabel(stop: DriverStop): string {
  const { state } = stop;
  switch (state.kind) {
    case 'collected': {
      const bags = state.event.bags ?? 0;
      return `Collected, ${bags} bag${bags === 1 ? '' : 's'}`;
    }
    case 'delivered':
      return `Delivered: ${state.event.leftWith}`;
    case 'not-home':
      return 'Not home: new time asked for';
    default:
      if (
        stop.leg === 'collection' &&
        !['pending', 'pending payment'].includes(stop.order.status)
      ) {
        return `Collected (${stop.order.status})`;
      }
      if (stop.leg === 'delivery' && stop.order.status === 'ready') return 'Ready to load';
      if (stop.leg === 'delivery') return 'Out for delivery';
      return 'To collect';
  }
}

function actionsOf(stop: DriverStop): ('collect' | 'not-home' | 'deliver')[] {
  const { state, order } = stop;
  if (state.kind === 'collected' || state.kind === 'delivered') return [];
  if (stop.leg === 'collection') {
    if (!['pending', 'pending payment'].includes(order.status)) return [];
    return state.kind === 'not-home' ? ['collect'] : ['collect', 'not-home'];
  }
  if (state.kind === 'not-home') return [];
  if (order.status === 'out for delivery') return ['deliver', 'not-home'];
  if (order.status === 'ready') return ['not-home'];
  return [];
}

/**
 * One stop of the driver's route; `index` its place from 0. Times in London, the address on
 * one line, the links the phone's buttons open, and the actions that apply to the stop now:
 * none before the London day its window starts (issue 31).
 */
export function driverStopView(
  numbering: OrderNumbering,
  stop: DriverStop,
  index: number,
  now: Date,
) {
  const { order } = stop;
  const lines = orderAddressLines(order);
  const postcode = order.postcode.trim();
  const address = [...lines.filter((l) => l.trim() !== postcode), postcode].join(', ');
  const laterDay = startsOnLaterLondonDay(stop.startsAt, now);
  const company = order.companyName.trim();
  const firstLine = lines.find((l) => l.trim() !== company) ?? lines[0] ?? postcode;
  const estimate = order.estimate;
  const done = stop.state.kind === 'to-do' ? null : stop.state.event.at;
  return {
    stop_no: index + 1,
    version: stopVersion(order, stop.leg),
    order_id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    order_status: order.status,
    leg: stop.leg,
    window: clockWindow(stop.startsAt, stop.endsAt),
    starts_at: stop.startsAt.toISOString(),
    customer_name: order.customerName,
    phone_number: order.customerPhone,
    // The door is said once: not above an address line that starts with it (issue 31).
    door: doorInAddress(order.doorNumber, lines) ? '' : order.doorNumber.trim(),
    address,
    first_line: firstLine,
    postcode,
    notes: order.customerNotes,
    access_notes: order.accessNotes,
    care: stop.care ? careSummary(stop.care) : [],
    collect:
      stop.leg === 'collection'
        ? {
            items: (estimate?.items ?? []).map((i) => ({ name: i.name, quantity: i.quantity })),
            not_sure: !estimate || estimate.notSure || estimate.items.length === 0,
          }
        : null,
    deliver: stop.leg === 'delivery' ? { items: stop.itemCount, bags: stop.bags } : null,
    state: stop.state.kind,
    state_label: stateLabel(stop),
    done_at: done ? done.toISOString() : null,
    later_day: laterDay,
    card_not_saved: stop.leg === 'collection' && order.status === 'pending payment',
    actions: laterDay ? [] : actionsOf(stop),
    call_url: `tel:${order.customerPhone.replace(/[^\d+]/g, '')}`,
    navigate_url: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
  };
}

export type DriverStopView = ReturnType<typeof driverStopView>;

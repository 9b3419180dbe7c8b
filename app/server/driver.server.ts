/*
 * What the driver's view and the customer's page to choose a new window after a missed stop
 * may ask of the server (issue 16).
 */
export { listDriverStops } from '@server/use-cases/driver/driver-stops';
export {
  driverDayLabel,
  driverStopView,
  type DriverStopView,
} from '@server/use-cases/driver/present-driver';
export { chooseNewWindow, rescheduleOptions } from '@server/use-cases/driver/reschedule';

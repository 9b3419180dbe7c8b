/* What the account's and the back office's notifications sections ask of the server (issue 33, decisions 060, 064). */
export { listDevices, removeDevice } from '@server/use-cases/messages/push-devices';
export {
  pushDeviceView,
  staffPushDeviceView,
} from '@server/use-cases/messages/present-push-devices';

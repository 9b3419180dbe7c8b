/* What the account's notifications section may ask of the server (issue 33, decision 060). */
export { listDevices, removeDevice } from '@server/use-cases/messages/push-devices';
export { pushDeviceView } from '@server/use-cases/messages/present-push-devices';

import type { Credential, Endpoint } from './contract';
import type { api } from './index';

/** The whole contract's type (a type only: nothing of the schemas reaches the browser). */
export type Api = typeof api;

/**
 * An endpoint as the client needs it at run time: method and path, no schemas. It carries the
 * endpoint's type, so requests and replies are typed from the schemas all the same.
 */
export type Route<E extends Endpoint = Endpoint> = {
  method: E['method'];
  path: string;
  auth?: readonly Credential[];
  /** Never present at run time: the endpoint's type, for the client. */
  readonly __endpoint?: E;
};

export type Routes<A> = {
  [Area in keyof A]: {
    [Name in keyof A[Area]]: A[Area][Name] extends Endpoint ? Route<A[Area][Name]> : never;
  };
};

/** The endpoint a route or an endpoint stands for. */
export type EndpointOf<T> = T extends Endpoint
  ? T
  : T extends Route<infer E extends Endpoint>
    ? E
    : never;

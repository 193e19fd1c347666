/**
 * Where a request or websocket came from, as the proxy-trust rule reads it. A file of its own so that the tRPC
 * context and the socket registry can both name it without importing each other.
 */
export interface RequestInfo {
  ip: string;
  /** True when the request reached us over https (directly or through a trusted proxy). */
  secure: boolean;
  userAgent: string;
  /** The Host the request named (with any port). Client-supplied: fine for refusing, never for trusting. */
  host: string;
}

import type { RestRoute } from './shim';

/** SPEC section 7 paths of this domain, each onto its procedure. */
export const portfoliosRoutes: RestRoute[] = [];

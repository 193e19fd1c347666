import type { FastifyReply, FastifyRequest } from 'fastify';
import { portfolioIdSchema, sharedLinkSchema } from '../../shared/portfolio/schemas';
import type { AppDeps } from '../depsTypes';
import { sharedAnswerJson } from '../modules/portfolios/sharedAnswerCache';
import { getPortfolioDetail, listPortfolioSummaries } from '../modules/portfolios/portfolioService';
import { withRateLimitHeaders } from './rateLimitHeaders';
import { bodyWithIds, paramsOf, queryOf, type RestRoute } from './shim';

/** The portfolio id a path names, parsed with the procedures' schema. */
const portfolioIdAt = (req: FastifyRequest): string => portfolioIdSchema.parse({ id: paramsOf(req).id }).id;

/** The shared view is for people with the link, not for search engines or shared caches. */
function privateToTheLink(reply: FastifyReply): void {
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('cache-control', 'no-store');
}

/**
 * product.md §7 portfolio paths, each onto its procedure, plus the few the screens need beyond the spec.
 * Three exceptions to "through createCaller", like the quotes paths. The public shared answer, which anyone with a
 * link may poll, runs the procedure's schema and the same answer builder directly and reuses its encoded text
 * while nothing it shows has changed (modules/portfolios/sharedAnswerCache.ts). The two hottest signed-in reads, the
 * list and one portfolio, call the procedures' services after the shim's checks (`callAuthed`, rest/shim.ts), without
 * tRPC's caller and its levels (48 µs of a cached quote's 82 where it was measured; issue 29 §3, decision 030).
 */
export function portfoliosRoutes(deps: AppDeps): RestRoute[] {
  return [
    { method: 'GET', url: '/api/portfolios', callAuthed: (user) => listPortfolioSummaries(deps, user.id) },
    {
      method: 'POST',
      url: '/api/portfolios',
      status: 201,
      call: (caller, req) => caller.portfolios.create(bodyWithIds(req)),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id',
      callAuthed: (user, req) => getPortfolioDetail(deps, user.id, portfolioIdAt(req)),
    },
    {
      method: 'PATCH',
      url: '/api/portfolios/:id',
      call: (caller, req) => caller.portfolios.update(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'DELETE',
      url: '/api/portfolios/:id',
      call: (caller, req) => caller.portfolios.delete({ id: paramsOf(req).id }),
    },
    {
      method: 'PATCH',
      url: '/api/portfolios/:id/visibility',
      call: (caller, req) => caller.portfolios.setVisibility(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/holdings',
      call: (caller, req) => caller.portfolios.holdings({ id: paramsOf(req).id }),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/holdings',
      status: 201,
      call: (caller, req) => caller.portfolios.addHolding(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'PUT',
      url: '/api/portfolios/:id/holdings/:holdingId',
      call: (caller, req) =>
        caller.portfolios.editHolding(bodyWithIds(req, { id: paramsOf(req).id, holdingId: paramsOf(req).holdingId })),
    },
    {
      method: 'PUT',
      url: '/api/portfolios/:id/holdings/:holdingId/purchase-date',
      call: (caller, req) =>
        caller.portfolios.setPurchaseDate(
          bodyWithIds(req, { id: paramsOf(req).id, holdingId: paramsOf(req).holdingId }),
        ),
    },
    {
      method: 'DELETE',
      url: '/api/portfolios/:id/holdings/:holdingId',
      call: (caller, req) =>
        caller.portfolios.removeHolding({ id: paramsOf(req).id, holdingId: paramsOf(req).holdingId }),
    },
    {
      method: 'PATCH',
      url: '/api/portfolios/holdings/:holdingId',
      call: (caller, req) => caller.portfolios.refreshHolding(bodyWithIds(req, { holdingId: paramsOf(req).holdingId })),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/analysis',
      call: (caller, req) => caller.portfolios.analysis({ id: paramsOf(req).id }),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/review',
      call: (caller, req, reply) =>
        withRateLimitHeaders(reply, 'portfolioAnalyses', deps.now, () =>
          caller.portfolios.review({ id: paramsOf(req).id }),
        ),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/history',
      call: (caller, req) => caller.portfolios.valueHistory({ id: paramsOf(req).id, range: queryOf(req).range }),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/import/preview',
      call: (caller, req) => caller.portfolios.previewImport(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/import',
      call: (caller, req) => caller.portfolios.importHoldings(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/activities',
      call: (caller, req) => caller.portfolios.activities({ id: paramsOf(req).id }),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/activities',
      status: 201,
      call: (caller, req) => caller.portfolios.addActivity(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'PUT',
      url: '/api/portfolios/:id/activities/:activityId',
      call: (caller, req) =>
        caller.portfolios.updateActivity(
          bodyWithIds(req, { id: paramsOf(req).id, activityId: paramsOf(req).activityId }),
        ),
    },
    {
      method: 'DELETE',
      url: '/api/portfolios/:id/activities/:activityId',
      call: (caller, req) =>
        caller.portfolios.deleteActivity({ id: paramsOf(req).id, activityId: paramsOf(req).activityId }),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/performance',
      call: (caller, req) =>
        caller.portfolios.performance({
          id: paramsOf(req).id,
          range: queryOf(req).range,
          benchmark: queryOf(req).benchmark,
        }),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/activities/import/preview',
      call: (caller, req) => caller.portfolios.previewActivityImport(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'POST',
      url: '/api/portfolios/:id/activities/import',
      call: (caller, req) => caller.portfolios.importActivities(bodyWithIds(req, { id: paramsOf(req).id })),
    },
    {
      method: 'GET',
      url: '/api/portfolios/:id/activities/export',
      call: async (caller, req, reply) => {
        const { csv, filename } = await caller.portfolios.exportActivities({ id: paramsOf(req).id });
        reply.type('text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${filename}"`);
        return csv;
      },
    },
    {
      method: 'GET',
      url: '/api/portfolio/shared/:shareableLink',
      callPublic: async (req, reply) => {
        privateToTheLink(reply);
        const { link } = sharedLinkSchema.parse({ link: paramsOf(req).shareableLink });
        const json = await sharedAnswerJson(deps, link);
        reply.type('application/json; charset=utf-8');
        return json;
      },
    },
  ];
}

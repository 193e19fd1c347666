import {
  addHoldingSchema,
  createPortfolioSchema,
  editHoldingSchema,
  purchaseDateOfHoldingSchema,
  importCsvSchema,
  portfolioIdSchema,
  refreshHoldingSchema,
  removeHoldingSchema,
  sharedLinkSchema,
  updatePortfolioSchema,
  valueHistorySchema,
  visibilitySchema,
} from '../../../shared/portfolio/schemas';
import { costlyProcedure } from '../../trpc/costlyProcedure';
import { authedProcedure, publicProcedure } from '../../trpc/init';
import { getPortfolioAnalysis } from './analysis/analysisService';
import { addHolding, editHolding, refreshHolding, removeHolding, setPurchaseDate } from './holdingService';
import { importHoldings, previewImport } from './importService';
import { reviewPortfolio } from './reviewService';
import {
  createPortfolio,
  deletePortfolioForOwner,
  getPortfolioDetail,
  listHoldings,
  listPortfolioSummaries,
  updatePortfolioDetails,
} from './portfolioService';
import { getSharedPortfolio, setVisibility } from './sharing';
import { getValueHistory } from './valueHistory';

/**
 * Portfolios, holdings, shared links and analysis (issue 10). Every procedure but `shared` is the signed-in
 * user's own: a foreign id answers exactly like a missing one (404). With the ledger's (modules/ledger/router.ts)
 * they make the one `portfolios` namespace (trpc/router.ts, decision 029).
 */
export const portfolioProcedures = {
  list: authedProcedure.query(({ ctx }) => listPortfolioSummaries(ctx.deps, ctx.user.id)),

  create: authedProcedure
    .input(createPortfolioSchema)
    .mutation(({ ctx, input }) => createPortfolio(ctx.deps, ctx.user.id, input)),

  get: authedProcedure
    .input(portfolioIdSchema)
    .query(({ ctx, input }) => getPortfolioDetail(ctx.deps, ctx.user.id, input.id)),

  update: authedProcedure
    .input(updatePortfolioSchema)
    .mutation(({ ctx, input }) => updatePortfolioDetails(ctx.deps, ctx.user.id, input)),

  delete: authedProcedure
    .input(portfolioIdSchema)
    .mutation(({ ctx, input }) => deletePortfolioForOwner(ctx.deps, ctx.user.id, input.id)),

  setVisibility: authedProcedure
    .input(visibilitySchema)
    .mutation(({ ctx, input }) => setVisibility(ctx.deps, ctx.user.id, input.id, input.isPublic)),

  holdings: authedProcedure
    .input(portfolioIdSchema)
    .query(({ ctx, input }) => listHoldings(ctx.deps, ctx.user.id, input.id)),

  addHolding: authedProcedure
    .input(addHoldingSchema)
    .mutation(({ ctx, input }) => addHolding(ctx.deps, ctx.user.id, input.id, input)),

  editHolding: authedProcedure
    .input(editHoldingSchema)
    .mutation(({ ctx, input }) => editHolding(ctx.deps, ctx.user.id, input.id, input.holdingId, input)),

  setPurchaseDate: authedProcedure
    .input(purchaseDateOfHoldingSchema)
    .mutation(({ ctx, input }) =>
      setPurchaseDate(ctx.deps, ctx.user.id, input.id, input.holdingId, input.purchaseDate),
    ),

  removeHolding: authedProcedure
    .input(removeHoldingSchema)
    .mutation(({ ctx, input }) => removeHolding(ctx.deps, ctx.user.id, input.id, input.holdingId)),

  refreshHolding: authedProcedure
    .input(refreshHoldingSchema)
    .mutation(({ ctx, input }) => refreshHolding(ctx.deps, ctx.user.id, input.holdingId)),

  analysis: costlyProcedure
    .input(portfolioIdSchema)
    .query(({ ctx, input }) => getPortfolioAnalysis(ctx.deps, ctx.user.id, input.id)),

  /** 'AI Review': the Financial Agent on this portfolio, one of the day's 2 portfolio analyses. */
  review: costlyProcedure
    .input(portfolioIdSchema)
    .mutation(({ ctx, input }) => reviewPortfolio(ctx.deps, ctx.user.id, input.id)),

  valueHistory: costlyProcedure
    .input(valueHistorySchema)
    .query(({ ctx, input }) => getValueHistory(ctx.deps, ctx.user.id, input.id, input.range)),

  /** CSV previews and imports replay the ledger: each call spends one costly call (a batch of them, one per call). */
  previewImport: costlyProcedure
    .input(importCsvSchema)
    .mutation(({ ctx, input }) => previewImport(ctx.deps, ctx.user.id, input.id, input.csv, input.dateOrder)),

  importHoldings: costlyProcedure
    .input(importCsvSchema)
    .mutation(({ ctx, input }) => importHoldings(ctx.deps, ctx.user.id, input.id, input.csv, input.dateOrder)),

  /** Anyone with the link: the allow-listed public view (product.md §6). */
  shared: publicProcedure.input(sharedLinkSchema).query(({ ctx, input }) => getSharedPortfolio(ctx.deps, input.link)),
};

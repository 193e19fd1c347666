import { importCsvSchema } from '../../../shared/portfolio/schemas';
import {
  activityListSchema,
  addActivitySchema,
  deleteActivitySchema,
  performanceSchema,
  updateActivitySchema,
} from '../../../shared/portfolio/ledger/schemas';
import { costlyProcedure } from '../../trpc/costlyProcedure';
import { authedProcedure } from '../../trpc/init';
import { exportActivities, importActivities, previewActivityImport } from './activityImportService';
import { addActivity, deleteActivity, listActivities, updateActivity } from './ledgerService';
import { getPerformance } from './performanceService';

/**
 * The ledger of a portfolio (issue 21): its activities, their CSV import and export, and its performance. Part of the
 * `portfolios` namespace (trpc/router.ts joins these with modules/portfolios/router.ts, decision 029), so the
 * procedure names and REST paths are those the ledger always had. Every procedure is the signed-in user's own.
 */
export const ledgerProcedures = {
  activities: authedProcedure
    .input(activityListSchema)
    .query(({ ctx, input }) => listActivities(ctx.deps, ctx.user.id, input.id)),

  addActivity: authedProcedure
    .input(addActivitySchema)
    .mutation(({ ctx, input }) => addActivity(ctx.deps, ctx.user.id, input.id, input.activity)),

  updateActivity: authedProcedure
    .input(updateActivitySchema)
    .mutation(({ ctx, input }) => updateActivity(ctx.deps, ctx.user.id, input.id, input.activityId, input.activity)),

  deleteActivity: authedProcedure
    .input(deleteActivitySchema)
    .mutation(({ ctx, input }) => deleteActivity(ctx.deps, ctx.user.id, input.id, input.activityId)),

  performance: costlyProcedure
    .input(performanceSchema)
    .query(({ ctx, input }) => getPerformance(ctx.deps, ctx.user.id, input.id, input.range, input.benchmark)),

  previewActivityImport: costlyProcedure
    .input(importCsvSchema)
    .mutation(({ ctx, input }) => previewActivityImport(ctx.deps, ctx.user.id, input.id, input.csv, input.dateOrder)),

  importActivities: costlyProcedure
    .input(importCsvSchema)
    .mutation(({ ctx, input }) => importActivities(ctx.deps, ctx.user.id, input.id, input.csv, input.dateOrder)),

  exportActivities: authedProcedure
    .input(activityListSchema)
    .query(({ ctx, input }) => exportActivities(ctx.deps, ctx.user.id, input.id)),
};

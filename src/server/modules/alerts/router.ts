import {
  alertHistorySchema,
  alertIdSchema,
  createAlertSchema,
  updateAlertSchema,
} from '../../../shared/alerts/schemas';
import { authedProcedure, router } from '../../trpc/init';
import { alertHistory, createAlert, deleteAlert, listAlerts, updateAlert } from './service';

/** Price alerts (issue 30 §2). Signed in only; every call is the caller's own alerts. */
export const alertsRouter = router({
  /** GET /api/alerts */
  list: authedProcedure.query(({ ctx }) => listAlerts(ctx.deps, ctx.user.id)),

  /** POST /api/alerts */
  create: authedProcedure
    .input(createAlertSchema)
    .mutation(({ ctx, input }) => createAlert(ctx.deps, ctx.user.id, input)),

  /** PATCH /api/alerts/{id} */
  update: authedProcedure
    .input(updateAlertSchema)
    .mutation(({ ctx, input }) => updateAlert(ctx.deps, ctx.user.id, input)),

  /** DELETE /api/alerts/{id} */
  delete: authedProcedure
    .input(alertIdSchema)
    .mutation(({ ctx, input }) => deleteAlert(ctx.deps, ctx.user.id, input.id)),

  /** GET /api/alerts/{id}/history?cursor=&limit= */
  history: authedProcedure
    .input(alertHistorySchema)
    .query(({ ctx, input }) => alertHistory(ctx.deps, ctx.user.id, input)),
});

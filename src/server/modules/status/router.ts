import { router } from '../../trpc/init';

/** System status, storage (issue 12). */
export const statusRouter = router({});

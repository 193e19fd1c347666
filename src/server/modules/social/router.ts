import { router } from '../../trpc/init';

/** Friends, direct messages, shared AI insights (issue 11). */
export const socialRouter = router({});

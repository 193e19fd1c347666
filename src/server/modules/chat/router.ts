import { router } from '../../trpc/init';

/** Financial Agent: chat, forecasts, conversation history (issue 9). */
export const chatRouter = router({});

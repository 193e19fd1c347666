import {
  FRIEND_REQUEST_RATE,
  MAX_MESSAGE_LENGTH,
  MESSAGE_RATE,
  USER_SEARCH_MIN_LENGTH,
  USER_SEARCH_RATE,
} from './limits';

/** Every social message the server answers with and the screens show, word for word in one place (product.md §8). */
export const SOCIAL_MESSAGES = {
  searchTooShort: `Type at least ${USER_SEARCH_MIN_LENGTH} characters to search`,
  searchRequired: 'q is required',
  searchTooFast: `Too many searches: at most ${USER_SEARCH_RATE.max} a minute. Try again in a moment.`,

  usernameRequired: 'Enter an email or username',
  userNotFound: 'User not found',
  notYourself: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends',
  alreadyPending: 'Friend request already sent',
  requestsTooFast: `Too many friend requests: at most ${FRIEND_REQUEST_RATE.max} an hour. Try again later.`,
  requestNotFound: 'Friend request not found',
  requestAlreadyAnswered: (status: string) => `This friend request was already ${status}`,
  invalidRequestId: 'Invalid friend request id',

  invalidUserId: 'Invalid user id',
  notYourselfToBlock: 'You cannot block yourself',
  friendRemoved: 'Friend removed',
  userBlocked: 'User blocked',
  userUnblocked: 'User unblocked',
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${MAX_MESSAGE_LENGTH} characters`,
  messageTypeInvalid: "messageType must be 'text' or 'insight'",
  insightNeedsAgentAnswer: 'An insight is shared from one of your Financial Agent answers: send its agentMessageId',
  insightTextNotTheAnswer:
    "An insight's text is your stored Financial Agent answer: send it unchanged (as POST /api/ai/insight gave it), or leave it out",
  insightQuestionNotTheAnswer: "An insight's question is the one your Financial Agent answer was for",
  insightMetadataFields:
    "An insight's metadata takes question and generatedAt only: its sources come from your stored Financial Agent answer",
  insightGeneratedAtInvalid: 'generatedAt must be a date and time, such as 2026-11-27T14:05:00.000Z',
  agentAnswerNotFound: 'Financial Agent answer not found',
  textTakesNoMetadata: 'Only insight messages carry metadata',
  messagesTooFast: `You are sending messages too fast: at most ${MESSAGE_RATE.max} a minute. Try again in a moment.`,
  invalidCursor: 'cursor must be a message id',

  // Toasts (product.md §8).
  requestSent: 'Friend request sent!',
  requestAccepted: 'Friend request accepted!',
  requestRejected: 'Friend request rejected',
  requestFailed: 'Failed to send friend request',
  sendFailed: 'Failed to send message',
  sendFailedFallback: 'Please try again.',
  insightGenerated: 'Insight generated!',
  insightFailed: 'Failed to generate insight',
  newMessage: 'New message',
} as const;

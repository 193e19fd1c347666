import type { User } from 'lucia';
import type { PublicUser } from '../../../shared/user';

/** The user as product.md §3 shapes it; never includes secrets. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    profileImageUrl: user.profileImageUrl,
    createdAt: new Date(user.createdAt).toISOString(),
    banned: user.banned,
    plan: user.plan,
    profile: { username: user.username, displayName: user.displayName },
  };
}

/** The signed-in user as the client sees it (product.md §3). */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  displayName: string;
  profileImageUrl: string | null;
  /** ISO 8601 */
  createdAt: string;
  banned: boolean;
  plan: string;
  profile: { username: string; displayName: string };
}

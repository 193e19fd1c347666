import type { AppDeps } from '../deps';
import type { SocketConnection } from './socketConnection';
import type { SocketRegistry } from './socketSessions';

/**
 * The spec's `/ws` socket (SPEC sections 4 and 7: the social hub's real-time channel). By the time this runs the
 * upgrade was authenticated (only a valid, unbanned session gets here), the socket is registered, and it will be
 * closed with 4401 / 4403 when its session ends or its user is banned.
 *
 * The message protocol (the client's `authenticate` message, `new_message` pushes) comes with the social hub issue
 * and goes here: read `connection.userId` (never a user id sent by the client), find a user's other sockets with
 * `registry.userConnections(userId, '/ws')`, and call `await connection.currentAuth()` before acting on a message.
 */
export function handleSpecSocket(connection: SocketConnection, deps: AppDeps, _registry: SocketRegistry): void {
  connection.socket.on('error', (err) => deps.log.debug({ err }, '/ws socket error'));
}

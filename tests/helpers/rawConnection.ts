import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Milliseconds from connect to the server hanging up. */
  closedAfter: Promise<number>;
}

/** A bare TCP connection to the server at `baseUrl`, from `localAddress` (any 127.x address stands for a client). */
export function rawConnect(baseUrl: string, localAddress = '127.0.0.1'): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port: Number(new URL(baseUrl).port), localAddress });
  const started = Date.now();
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString()));
  socket.on('error', () => undefined);
  const closedAfter = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received: () => data, closedAfter }));
    socket.once('error', reject);
  });
}

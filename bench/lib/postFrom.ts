import { request } from 'node:http';

/**
 * A same-origin JSON POST to the server at `url`, on a fresh connection from `localAddress` (any 127.x.y.z stands for
 * a client of its own on Linux, so per-address limits see one address per call): resolves with the status.
 */
export function postFrom(url: string, path: string, body: unknown, localAddress: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', origin: url },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

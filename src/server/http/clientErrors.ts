import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Answers written before Fastify has a request to work with: Node's parser rejecting a request (headers or URL too
 * large: 431, whole request too slow: 408, garbage: 400) and Fastify's router refusing a URL (a path segment past
 * maxParamLength: 414, undecodable: 400). All in the product's `{ message }` shape.
 */

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'Malformed request',
  408: 'The request took too long to arrive. Please try again.',
  431: 'The request headers or address are too large',
};

/** A complete HTTP/1.1 answer with a `{ message }` body that closes the connection, as raw text. */
export function rawAnswer(status: number, message: string, extraHeaders = ''): string {
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Cache-Control: no-store\r\n${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Writes a complete JSON answer on a raw socket and hangs up. */
export function writeRawAnswer(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(rawAnswer(status, message));
}

/** Fastify's `clientErrorHandler`: Node's http server could not read a request. */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // The client is gone; there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  writeRawAnswer(socket, status, CLIENT_ERROR_MESSAGES[status]);
}

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'The requested address is too long',
  FST_ERR_BAD_URL: 'The requested address is malformed',
};

/** Fastify's `frameworkErrors`: the router refused the URL before any route ran. */
export function handleFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? STATUS_CODES[status] ?? 'Bad request' });
}

/**
 * A JSON answer off the wire. Untyped by nature: tests read it freely and their assertions check its shape at run
 * time (which is also why eslint.config.js turns the no-unsafe-* rules off for tests and benchmarks).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: JSON answers are checked by assertions
export type Json = any;

/**
 * A tiny cookie-keeping HTTP client for API tests: behaves like one browser tab
 * (same-origin Origin header on writes, cookies kept between calls).
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h['content-type'] ??= 'application/json';
    if (this.origin && method !== 'GET' && method !== 'HEAD') h.origin ??= this.origin;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  hasSession(): boolean {
    return this.cookies.size > 0;
  }

  /** The value of a cookie this client holds (the session id, for tests that look at what the server stores). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

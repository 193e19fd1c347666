/** A signed-in account of a bench server, over plain fetch (same origin header as a browser's). */
export class BenchUser {
  private constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  static async register(url: string, name: string): Promise<BenchUser> {
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        email: `${name}@example.com`,
        password: 'bench-secret-1',
        firstName: name,
        lastName: 'B',
        agreedToTerms: true,
        agreedToPrivacy: true,
      }),
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
    return new BenchUser(url, res.headers.getSetCookie()[0].split(';')[0]);
  }

  /** Status, body text and round-trip time of one call. */
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
    const started = performance.now();
    const res = await fetch(this.url + path, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  }

  async portfolio(name: string): Promise<string> {
    const created = await this.call('POST', '/api/portfolios', { name });
    if (created.status !== 201) throw new Error(`create portfolio: ${created.status} ${created.text}`);
    return (JSON.parse(created.text) as { id: string }).id;
  }
}

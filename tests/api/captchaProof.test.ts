import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import {
  Browser,
  PASSWORD,
  fetchChallenge,
  proveWork,
  registerBody,
  signUp,
  solvedCaptcha,
  uniqueEmail,
} from './auth-helpers';

/**
 * Issue 7 item 4: the math question alone was read by a one-line regex. A challenge now carries a proof of work
 * bound to its token; the server checks it before the answer counts.
 */

const UNPROVEN =
  'CAPTCHA_REQUIRED: Your browser did not finish the security check. Please wait for it to finish and try again.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

/** An account whose sign-ins need the captcha (three wrong passwords), and a browser to try from. */
async function accountNeedingCaptcha() {
  const { email } = await signUp(new Browser(server.url));
  const b = new Browser(server.url);
  for (const password of ['x1', 'x2', 'x3']) await b.post('/api/auth/login', { email, password });
  return {
    email,
    b,
    login: (extra: Record<string, unknown>) => b.post('/api/auth/login', { email, password: PASSWORD, ...extra }),
  };
}

describe('the captcha proof of work', () => {
  it('is required: the right answer without a proof is refused, and the token stays usable', async () => {
    const { b, login } = await accountNeedingCaptcha();
    const challenge = await fetchChallenge(b);
    const { captchaProof, ...withoutProof } = solvedCaptcha(challenge);
    const res = await login(withoutProof);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: UNPROVEN });
    expect(b.hasSession()).toBe(false);
    // Not spent: the same challenge with its proof still works.
    expect((await login({ ...withoutProof, captchaProof })).status).toBe(200);
  });

  it('must be the right number', async () => {
    const { b, login } = await accountNeedingCaptcha();
    const challenge = await fetchChallenge(b);
    const proof = proveWork(challenge);
    for (const wrong of [proof + 1, proof === 0 ? 1 : 0, challenge.work.max + proof]) {
      const res = await login(solvedCaptcha(challenge, { proof: wrong }));
      expect(res.status, String(wrong)).toBe(400);
      expect(res.json).toEqual({ message: UNPROVEN });
    }
    const bad = await login({ ...solvedCaptcha(challenge), captchaProof: -1 });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('Proof must be a whole number');
    expect((await login(solvedCaptcha(challenge, { proof }))).status).toBe(200);
  });

  it("belongs to its token: another challenge's proof is refused", async () => {
    const { b, login } = await accountNeedingCaptcha();
    const mine = await fetchChallenge(b);
    let other = await fetchChallenge(b);
    while (proveWork(other) === proveWork(mine)) other = await fetchChallenge(b);
    const res = await login(solvedCaptcha(mine, { proof: proveWork(other) }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: UNPROVEN });
  });

  it('with the right answer and the right proof lets the sign-in (and a registration) through', async () => {
    const { email, b, login } = await accountNeedingCaptcha();
    const ok = await login(solvedCaptcha(await fetchChallenge(b)));
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(email);

    // Registrations that need the captcha (ten failures from the address) take the same proof.
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++)
      await new Browser(server.url, ip).post('/api/auth/login', { email: uniqueEmail(), password: 'x' });
    const newcomer = new Browser(server.url, ip);
    const challenge = await fetchChallenge(newcomer);
    const { captchaProof: _omitted, ...noProof } = solvedCaptcha(challenge);
    expect((await newcomer.post('/api/auth/register', registerBody(uniqueEmail(), noProof))).json).toEqual({
      message: UNPROVEN,
    });
    expect(
      (await newcomer.post('/api/auth/register', registerBody(uniqueEmail(), solvedCaptcha(challenge)))).status,
    ).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { linkUrl, notificationFor, windowFor } from '../../src/client/features/notifications/pushNotification';
import { keyBytes } from '../../src/client/features/notifications/pushDevice';

/** What the service worker makes of a push and of a click (features/notifications/pushNotification.ts). */

const origin = 'https://tickwise.example';

describe('notificationFor', () => {
  it('shows our payload with one tag per stored notification and the link as the page to open', () => {
    const shown = notificationFor(
      JSON.stringify({ id: 12, kind: 'alert', title: 'AAPL above 200', body: 'crossed', link: '/trading?symbol=AAPL' }),
      origin,
    );
    expect(shown).toEqual({
      title: 'AAPL above 200',
      options: {
        body: 'crossed',
        tag: 'notification-12',
        data: { id: 12, url: 'https://tickwise.example/trading?symbol=AAPL' },
      },
    });
  });

  it('still shows something for a push that is not ours', () => {
    for (const text of [null, '', 'not json', '[]', '{"title":"  "}', '{"title":5}']) {
      expect(notificationFor(text, origin)).toEqual({
        title: 'Tickwise',
        options: { body: '', tag: 'tickwise', data: { id: null, url: 'https://tickwise.example/' } },
      });
    }
  });
});

describe('linkUrl', () => {
  it('keeps paths on the site and sends everything else home', () => {
    expect(linkUrl('/status', origin)).toBe('https://tickwise.example/status');
    for (const link of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      5,
      null,
    ]) {
      expect(linkUrl(link, origin)).toBe('https://tickwise.example/');
    }
  });
});

describe('windowFor', () => {
  const target = 'https://tickwise.example/status';
  it('prefers a window on the page (focused first), then any window of the site, else none', () => {
    const a = { url: 'https://tickwise.example/', focused: false };
    const b = { url: target, focused: false };
    const c = { url: target, focused: true };
    expect(windowFor([a, b, c], target)).toEqual({ window: c, navigate: false });
    expect(windowFor([a, b], target)).toEqual({ window: b, navigate: false });
    expect(windowFor([a], target)).toEqual({ window: a, navigate: true });
    expect(windowFor([], target)).toBeNull();
  });
});

it('turns the server’s base64url key into the 65 bytes PushManager.subscribe takes', () => {
  const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]);
  expect(Array.from(keyBytes(key.toString('base64url')))).toEqual(Array.from(key));
});

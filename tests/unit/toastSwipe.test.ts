import type { PointerEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { swipeRightToDismiss } from '../../src/client/lib/showToast';
import { TOAST_SWIPE_THRESHOLD_PX } from '../../src/client/lib/toast';

/** Just enough of a DOM element and pointer event for the handlers. */
function fakeToast() {
  const vars = new Map<string, string>();
  const captured = new Set<number>();
  const element = {
    style: { setProperty: (name: string, value: string) => vars.set(name, value) },
    hasPointerCapture: (id: number) => captured.has(id),
    setPointerCapture: (id: number) => captured.add(id),
  };
  const event = (clientX: number, button = 0) =>
    ({ clientX, button, pointerId: 1, currentTarget: element }) as unknown as PointerEvent<HTMLElement>;
  return { vars, captured, event };
}

function swipe(distances: number[], button = 0) {
  let dismissed = 0;
  const toast = fakeToast();
  const handlers = swipeRightToDismiss(() => (dismissed += 1));
  handlers.onPointerDown(toast.event(100, button));
  for (const dx of distances) handlers.onPointerMove(toast.event(100 + dx, button));
  handlers.onPointerUp(toast.event(100 + distances[distances.length - 1], button));
  return { dismissed, ...toast };
}

describe('toast swipe (product.md §9: 50 px, to the right)', () => {
  it('dismisses once the drag to the right reaches the threshold', () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    const result = swipe([10, 30, TOAST_SWIPE_THRESHOLD_PX]);
    expect(result.dismissed).toBe(1);
    expect(result.vars.get('--notifications-swipe-offset')).toBe('50px');
  });

  it('snaps back after a shorter drag', () => {
    const result = swipe([10, 30, TOAST_SWIPE_THRESHOLD_PX - 1]);
    expect(result.dismissed).toBe(0);
    expect(result.vars.get('--notifications-swipe-offset')).toBe('0px');
  });

  it('ignores drags to the left, however long', () => {
    const result = swipe([-20, -120, -300]);
    expect(result.dismissed).toBe(0);
    expect(result.vars.get('--notifications-swipe-offset')).toBe('0px');
  });

  it('captures the pointer only once it is a drag, so a click still reaches the close button', () => {
    expect(swipe([2, 4]).captured.size).toBe(0);
    expect(swipe([2, 20]).captured.size).toBe(1);
  });

  it('ignores other mouse buttons', () => {
    expect(swipe([20, 80], 2).dismissed).toBe(0);
  });
});

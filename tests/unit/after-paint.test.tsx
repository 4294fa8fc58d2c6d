/**
 * useAfterPaint (src/ui/after-content.ts): false in the render that asks, true once a frame and then a task have
 * passed, and true for good; nothing asked while not wanted; `initial` true skips the wait.
 */
import { renderHook, act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from '../../src/ui/after-content';

afterEach(() => vi.restoreAllMocks());

/** Runs the frame callbacks asked so far, then the tasks they queued. */
async function paint(frames: FrameRequestCallback[]) {
  await act(async () => {
    for (const cb of frames.splice(0)) cb(0);
    await new Promise((r) => setTimeout(r, 0));
  });
}

function frameQueue() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  return frames;
}

describe('useAfterPaint', () => {
  it.each([
    { name: 'wanted, not yet painted', wanted: true, initial: false, before: false, after: true, asks: 1 },
    { name: 'not wanted', wanted: false, initial: false, before: false, after: false, asks: 0 },
    { name: 'already due when mounted', wanted: true, initial: true, before: true, after: true, asks: 0 },
    { name: 'due when mounted, not wanted', wanted: false, initial: true, before: true, after: true, asks: 0 },
  ])('$name: $before in the first render, $after after the paint, $asks frame(s) asked', async ({ wanted, initial, before, after, asks }) => {
    const frames = frameQueue();
    const { result } = renderHook(() => useAfterPaint(wanted, initial));
    expect(result.current).toBe(before);
    expect(frames).toHaveLength(asks);
    await paint(frames);
    expect(result.current).toBe(after);
  });

  it('is not true after the frame alone (the task after it is what follows the paint)', async () => {
    const frames = frameQueue();
    const { result } = renderHook(() => useAfterPaint(true));
    act(() => {
      for (const cb of frames.splice(0)) cb(0);
    });
    expect(result.current).toBe(false);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(result.current).toBe(true);
  });

  it('stays true once painted, even when no longer wanted; waits while not wanted, then asks when wanted', async () => {
    const frames = frameQueue();
    const { result, rerender } = renderHook(({ wanted }) => useAfterPaint(wanted), { initialProps: { wanted: false } });
    await paint(frames);
    expect(result.current).toBe(false);
    rerender({ wanted: true });
    expect(frames).toHaveLength(1);
    await paint(frames);
    expect(result.current).toBe(true);
    rerender({ wanted: false });
    expect(result.current).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('cancels its frame and task when unmounted before the paint', async () => {
    frameQueue();
    const cancel = vi.mocked(window.cancelAnimationFrame);
    const { unmount } = renderHook(() => useAfterPaint(true));
    unmount();
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});

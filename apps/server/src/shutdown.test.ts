import { describe, expect, it } from 'vitest';
import { shutdownOnSignal } from './shutdown.ts';

function harness(close: () => Promise<void> = async () => {}) {
  const events: string[] = [];
  const app = {
    drain: () => events.push('drain'),
    log: {
      info: (_o: object, m: string) => events.push(`info ${m}`),
      error: (_o: object, m: string) => events.push(`error ${m}`),
    },
  };
  const onSignal = shutdownOnSignal({
    app,
    drainMs: 60,
    interruptDrainMs: 0,
    close: async () => {
      events.push('close');
      await close();
    },
    closeTimeoutMs: 200,
    exit: (code) => events.push(`exit ${code}`),
  });
  return { events, onSignal };
}

describe('shutdown on a signal', () => {
  it('drains first (readiness off, still serving), then closes and exits 0', async () => {
    const { events, onSignal } = harness();
    const done = onSignal('SIGTERM');
    expect(events[0]).toBe('drain');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).not.toContain('close');
    await done;
    expect(events.filter((e) => !e.startsWith('info'))).toEqual(['drain', 'close', 'exit 0']);
  });

  it('the same signal again (a group’s signal, passed on by the wrapper too) drains once and exits 0', async () => {
    const { events, onSignal } = harness();
    const done = onSignal('SIGTERM');
    await onSignal('SIGTERM');
    await done;
    await onSignal('SIGTERM');
    expect(events.filter((e) => !e.startsWith('info'))).toEqual(['drain', 'close', 'exit 0']);
  });

  it('another signal, or a close that overruns, exits 1', async () => {
    const first = harness(() => new Promise(() => {}));
    void first.onSignal('SIGINT');
    await first.onSignal('SIGTERM');
    expect(first.events).toContain('exit 1');

    const stuck = harness(() => new Promise(() => {}));
    void stuck.onSignal('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stuck.events).toContain('close');
    expect(stuck.events.at(-1)).toBe('exit 1');
  });
});

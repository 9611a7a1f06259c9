import { consumerCheckName, consumerRunning, ConsumerLike } from './consumer-state';

function consumer(state: { running?: boolean; paused?: boolean; closing?: boolean } = {}): ConsumerLike {
  const { running = true, paused = false, closing = false } = state;
  return {
    name: 'webhook-delivery',
    isRunning: () => running,
    isPaused: () => paused,
    closing: closing ? Promise.resolve() : undefined,
  };
}

describe('consumerRunning', () => {
  it('is true only for a running consumer that is neither paused nor closing', () => {
    expect(consumerRunning(consumer())).toBe(true);
    expect(consumerRunning(consumer({ running: false }))).toBe(false); // its main loop ended (an error, or never started)
    expect(consumerRunning(consumer({ paused: true }))).toBe(false);
    expect(consumerRunning(consumer({ closing: true }))).toBe(false);
  });

  it('names the check after the queue', () => {
    expect(consumerCheckName(consumer())).toBe('consumer:webhook-delivery');
  });
});

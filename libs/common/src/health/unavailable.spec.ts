import { unavailable } from './unavailable';

describe('unavailable (the /health 503)', () => {
  it('names the dependencies that are down and nothing else: no messages, hosts or ports', () => {
    const terminus = {
      status: 'error',
      info: { database: { status: 'up' } },
      error: { redis: { status: 'down', message: 'connect ECONNREFUSED 10.1.2.3:6380' } },
      details: { database: { status: 'up' }, redis: { status: 'down', message: 'connect ECONNREFUSED 10.1.2.3:6380' } },
    };
    const error = unavailable(terminus);
    expect(error.status).toBe(503);
    expect(error.errorName).toBe('UNAVAILABLE');
    expect(error.payload).toEqual({ status: 'error', down: ['redis'] });
    expect(JSON.stringify({ message: error.message, payload: error.payload })).not.toMatch(
      /ECONNREFUSED|10\.1\.2\.3|6380/,
    );
  });

  it('says shutting_down while the process stops, and copes with an unknown error', () => {
    expect(unavailable({ status: 'shutting_down', error: {} }).payload).toEqual({ status: 'shutting_down', down: [] });
    expect(unavailable(undefined).payload).toEqual({ status: 'error', down: [] });
  });
});

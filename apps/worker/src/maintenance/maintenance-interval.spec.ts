import { maintenanceIntervalMs } from './maintenance-interval';

it('runs every minute for production windows and faster for compressed ones', () => {
  expect(maintenanceIntervalMs(3 * 86_400_000, 30 * 86_400_000)).toBe(60_000);
  expect(maintenanceIntervalMs(20_000, 30 * 86_400_000)).toBe(2000);
  expect(maintenanceIntervalMs(3 * 86_400_000, 2000)).toBe(1000);
  // The retention of exports and verification results counts too.
  expect(maintenanceIntervalMs(3 * 86_400_000, 30 * 86_400_000, 7 * 86_400_000, 30 * 86_400_000)).toBe(60_000);
  expect(maintenanceIntervalMs(3 * 86_400_000, 30 * 86_400_000, 5000, 30 * 86_400_000)).toBe(1000);
});

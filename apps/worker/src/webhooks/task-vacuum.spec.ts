import { MIN_DEAD_VERSIONS, TaskVacuum, vacuumDue } from './task-vacuum';

describe('vacuumDue', () => {
  it('waits for enough dead versions', () => {
    expect(vacuumDue(MIN_DEAD_VERSIONS - 1, 0, 60_000)).toBe(false);
    expect(vacuumDue(MIN_DEAD_VERSIONS, 0, 0)).toBe(true);
  });

  it('keeps VACUUM to a tenth of the time: nine times the last one between two', () => {
    expect(vacuumDue(100_000, 200, 1_799)).toBe(false);
    expect(vacuumDue(100_000, 200, 1_800)).toBe(true);
  });
});

/** A store whose dead versions and VACUUM are counted, on a clock the test moves. */
function fakes(dead: number, vacuumMs: number, fails = false) {
  let clock = 1_000_000;
  const store = {
    dead,
    vacuums: 0,
    deadTaskVersions: async () => store.dead,
    vacuumTasks: async () => {
      store.vacuums += 1;
      clock += vacuumMs;
      if (fails) throw new Error('canceling statement due to statement timeout');
      store.dead = 0;
    },
  };
  const advance = (ms: number) => (clock += ms);
  return { store, vacuum: new TaskVacuum(store, () => clock), advance };
}

it('vacuums when due and not again until dead versions pile up anew', async () => {
  const { store, vacuum } = fakes(MIN_DEAD_VERSIONS, 10);
  expect(await vacuum.vacuumIfDue()).toBe(true);
  expect(await vacuum.vacuumIfDue()).toBe(false);
  expect(store.vacuums).toBe(1);
});

it('spaces VACUUMs by nine times the last one, even when it failed', async () => {
  const { store, vacuum, advance } = fakes(MIN_DEAD_VERSIONS * 10, 1_000, true);
  await expect(vacuum.vacuumIfDue()).rejects.toThrow('statement timeout');
  advance(8_999);
  expect(await vacuum.vacuumIfDue()).toBe(false);
  advance(1);
  await expect(vacuum.vacuumIfDue()).rejects.toThrow('statement timeout');
  expect(store.vacuums).toBe(2);
});

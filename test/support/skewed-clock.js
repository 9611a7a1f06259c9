// Preloaded (NODE_OPTIONS=--require …) into an API process to move its clock by
// TEST_CLOCK_SKEW_MS: a replica whose clock is off, for tests of what must use the database's clock.
const skew = Number(process.env.TEST_CLOCK_SKEW_MS || 0);
const RealDate = Date;
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + skew);
    else super(...args);
  }
  static now() {
    return RealDate.now() + skew;
  }
}
globalThis.Date = SkewedDate;

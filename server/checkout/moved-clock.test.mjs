// A test-only clock for the built server (node --import): Date reads the real time plus
// MOVED_CLOCK_OFFSET_MS, and each SIGUSR2 moves it MOVED_CLOCK_STEP_MS further ahead. A kill -9
// test of pay-later holds uses it to let holds lapse in seconds instead of their 30 minutes,
// without a test switch in the server itself. Never loaded by `npm start`.
const RealDate = globalThis.Date;
let offset = Number(process.env.MOVED_CLOCK_OFFSET_MS || 0);
const step = Number(process.env.MOVED_CLOCK_STEP_MS || 0);
process.on('SIGUSR2', () => {
  offset += step;
  process.stdout.write(`moved clock: +${offset} ms\n`);
});

const moved = () => RealDate.now() + offset;
// A proxy, not a subclass: `Date()` without new, `instanceof Date` and Dates node itself makes all behave.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [moved()] : args, newTarget),
  apply: () => new RealDate(moved()).toString(),
  get: (target, key, receiver) => (key === 'now' ? moved : Reflect.get(target, key, receiver)),
});

/**
 * Preloaded (`--import`) into instances a test starts: moves the process's `Date.now()` (what the
 * system clock reads) by QUEUECAST_TEST_TIME_OFFSET_MS. The simulated parks are all American and
 * open by day there only, so a multi-process test that needs live changes runs every instance on
 * one clock shifted to the parks' midday, whatever the hour of the run.
 */
const offset = Number(process.env.QUEUECAST_TEST_TIME_OFFSET_MS ?? '0');
if (Number.isFinite(offset) && offset !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + offset;
}

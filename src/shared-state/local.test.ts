import { LocalBus } from './bus.js';
import { describeBusContract } from './contract/bus.js';
import { describeStreamSlotsContract } from './contract/stream-slots.js';
import { describeWindowCountersContract } from './contract/window-counters.js';
import { LocalStreamSlots } from './stream-slots.js';
import { LocalWindowCounters } from './window-counters.js';

describeWindowCountersContract('in process', (clock) => new LocalWindowCounters(clock));
describeBusContract('in process', async () => ({ bus: new LocalBus(), close: async () => undefined }));
describeStreamSlotsContract('in process', async () => new LocalStreamSlots());

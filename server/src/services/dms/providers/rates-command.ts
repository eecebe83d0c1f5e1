import { createEcbClient } from '../../../integrations/ecb/index.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { storeRates } from './rates-repository.js';

/**
 * rates:refresh (daily, after the ECB publishes around 16:00 CET): reads the day's euro reference rates from
 * ECB_RATES_URL through the guarded client and stores one row per (currency, day), so running it again the
 * same day changes nothing. One unit: the ECB answers every currency in one document.
 */
export const ratesRefresh = defineCommand<JsonObject>({
  service: 'dms',
  name: 'rates:refresh',
  description: "Read the ECB's daily euro reference rates and store them per currency and day",
  arguments: [],
  schedule: { cron: '30 16 * * *' },
  retry: { limit: 2, delay: 300, backoff: true },
  timeoutSeconds: 60,
  batchSize: 1,
  concurrency: 1,
  maxJobs: 1,
  parse: (raw) => parseArguments([], raw),
  plan: () => [{ key: 'ECB reference rates', input: {} }],
  async run(_unit, _run, { deps }) {
    const client = createEcbClient({ url: deps.config.ecbRatesUrl }, deps.integrations.safeFetch);
    const rates = await client.latest();
    const currencies = Object.keys(rates.rates).length;
    return {
      output: { message: `${currencies} rates of ${rates.date}`, date: rates.date, currencies },
      commit: async (tx) => {
        await storeRates(tx, rates);
      },
    };
  },
  summarize: (c) => (c.failed ? 'The ECB rates could not be read' : 'The ECB rates are stored'),
});

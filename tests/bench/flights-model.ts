// The results list's model work over 5,000 offers, as the browser runs it on every sort or filter change:
// the always-on rules and the user's filters (applyFilters), the sort (sortOffers) and the cheapest-booking
// summary (cheapestBookingSummary), plus the filter panel's options (filterOptions) reported on their own.
// The offers come from the gateway's simulated suppliers (all seven sources, round trips on domestic and
// international routes over a few days), so their shape and spread are the real ones; ids are made unique.
// Reports median and p95 over BENCH_RUNS (default 100, at least 50) timed runs after 10 warm-up runs, per
// scenario, on the same offer objects and on fresh copies (the model remembers each offer's cheapest class).
// Run: npm run bench:flights-model   (BENCH_OFFERS=n for another list size)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SOURCES, type FlightOffer } from '../../contract/flights';
import { addDays } from '../../gateway/platform/clock';
import { createSupplierRegistry } from '../../gateway/suppliers';
import {
  applyFilters, cheapestBookingSummary, filterOptions, initialFilters, resetFilters, sortOffers,
  type FlightFilters, type PriceMode, type SortOption,
} from '../../plugins/flights/model';

const TARGET = Number(process.env.BENCH_OFFERS ?? 5000);
const RUNS = Math.max(50, Number(process.env.BENCH_RUNS ?? 100));
const WARMUP = 10;

const ROUTES: [string, string][] = [
  ['SGN', 'HAN'], ['HAN', 'DAD'], ['SGN', 'PQC'], ['HAN', 'CXR'], ['SGN', 'BKK'], ['HAN', 'ICN'], ['SGN', 'SIN'],
  ['HAN', 'NRT'], ['SGN', 'CDG'], ['HAN', 'FRA'], ['SGN', 'SYD'], ['HAN', 'LAX'],
];

async function buildOffers(): Promise<FlightOffer[]> {
  const suppliers = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 }, vatPercent: 8 });
  const start = addDays(new Date().toISOString().slice(0, 10), 7);
  const out: FlightOffer[] = [];
  for (let day = 0; out.length < TARGET && day < 60; day += 1) {
    for (const [from, to] of ROUTES) {
      for (const source of SOURCES) {
        const offers = await suppliers.flightQuotes(source).search({
          from, to, departDate: addDays(start, day), returnDate: addDays(start, day + 5), pax: { adt: 2, chd: 1, inf: 1 },
        });
        const tag = `${day}.${from}${to}.`;
        for (const o of offers) {
          out.push({
            ...o,
            id: o.id.split(':').map((part) => tag + part).join(':'),
            combineSegment: o.combineSegment ? o.combineSegment.split(':').map((part) => tag + part).join(':') : '',
          });
        }
      }
    }
  }
  return out.slice(0, TARGET);
}

const offers = await buildOffers();
const now = Date.now();

interface Scenario {
  name: string;
  filters: FlightFilters;
  sort: SortOption;
  mode: PriceMode;
}
const scenarios: Scenario[] = [
  { name: 'default filters, best price, full', filters: initialFilters(), sort: 'U_BEST_PRICE', mode: 'FULL' },
  { name: 'direct + 06-12 band, fastest', filters: { ...resetFilters(), departureTimes: [120] }, sort: 'U_FASTEST_FLIGHT', mode: 'FULL' },
  {
    name: 'economy, baggage, VN/VJ, price range, earliest, basic',
    filters: { ...initialFilters(), cabinClasses: ['ECONOMY'], utilities: ['BAGGAGE_INCLUDED'], airlines: ['VN', 'VJ'], price: { min: 500_000, max: 5_000_000 } },
    sort: 'U_EARLIEST_FLIGHT',
    mode: 'BASIC',
  },
];

const pct = (values: number[], p: number) => {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
};

/** Times `fn` on the list `prepare` gives (prepared outside the timer). */
function time<T>(fn: (input: T) => unknown, prepare: () => T): number[] {
  for (let i = 0; i < WARMUP; i += 1) fn(prepare());
  const out: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const input = prepare();
    const t0 = performance.now();
    fn(input);
    out.push(performance.now() - t0);
  }
  return out;
}
// The model remembers each offer's cheapest class per offer object. "same offers" re-sorts the list the
// page holds (what every sort or filter change does); "fresh offers" gives new offer objects each run (what
// a poll bringing the offers for the first time costs).
const same = () => offers;
const fresh = () => offers.map((o) => ({ ...o }));

const sources = new Map<string, number>();
for (const o of offers) sources.set(o.source, (sources.get(o.source) ?? 0) + 1);
console.log(`flights model: ${offers.length} offers (${[...sources].map(([s, n]) => `${s} ${n}`).join(', ')}), ${RUNS} runs after ${WARMUP} warm-up, node ${process.version}`);
let kept = 0;
const line = (name: string, runs: number[]) => `median ${pct(runs, 50).toFixed(2).padStart(6)} ms   p95 ${pct(runs, 95).toFixed(2).padStart(6)} ms   ${name}`;
for (const s of scenarios) {
  const run = (list: FlightOffer[]) => {
    const filtered = applyFilters(list, s.filters, now, s.mode);
    const sorted = sortOffers(filtered, s.sort, s.mode);
    const summary = cheapestBookingSummary(filtered, 'SGN-HAN', '2030-01-01', s.mode);
    kept = sorted.length + (summary ? 0 : 0);
  };
  const warm = time(run, same);
  const cold = time(run, fresh);
  console.log(`  ${s.name} (kept ${kept})`);
  console.log(`    ${line('same offers', warm)}`);
  console.log(`    ${line('fresh offers', cold)}`);
}
console.log('  filter panel options (filterOptions), all offers');
console.log(`    ${line('same offers', time((list) => filterOptions(list, 'FULL'), same))}`);
console.log(`    ${line('fresh offers', time((list) => filterOptions(list, 'FULL'), fresh))}`);
console.log(`  target: applyFilters + sortOffers + cheapest summary median < 8 ms; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

/**
 * One PNR per airline and source: the flights of a booking (one-way, round trip or multi-city legs) grouped as
 * the gateway holds them. Both sides use it: the gateway to write the PNRs, the portal to show the references the
 * hold will create. Groups keep the order of the first flight of each; the flights of a group keep their order.
 */
export interface PnrGroup<T> {
  airline: string;
  source: string;
  flights: T[];
}

export function groupIntoPnrs<T extends { airline: string; source: string }>(flights: readonly T[]): PnrGroup<T>[] {
  const groups: PnrGroup<T>[] = [];
  for (const f of flights) {
    const g = groups.find((x) => x.airline === f.airline && x.source === f.source);
    if (g) g.flights.push(f);
    else groups.push({ airline: f.airline, source: f.source, flights: [f] });
  }
  return groups;
}

/**
 * The flights screens read through Refine's data provider: the places of the picker (useCustom), and the search
 * session (start, then long-polls with the cursor through the data provider's `custom`): offers stream in
 * poll after poll, and a new search cancels the pending poll of the previous one; the fare rules (useCustom).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { FlightSearchRequest, SearchStarted } from '../../contract/flights';
import { compactSearchPoll, type SearchPollWire } from '../../contract/flights-poll';
import { FareRuleDialog } from '../../plugins/flights/components/FareRuleDialog';
import { PlacePicker } from '../../plugins/flights/components/PlacePicker';
import { POLL_WAIT_MS, useFlightSearch } from '../../plugins/flights/hooks/use-flight-search';
import { useOpenResults } from '../../plugins/flights/hooks/search-prefetch';
import { makeOffer } from './helpers/flight-fixtures';
import { initTestI18n } from './helpers/i18n';
import type { SeenRequest } from './helpers/mock-adapter';
import { mockApi, renderRoutes, renderScreen, sentBody } from './helpers/refine-harness';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 30_000 });

let restore = () => {};
beforeAll(async () => {
  await initTestI18n('vi');
});
afterEach(() => {
  restore();
  cleanup();
  document.body.innerHTML = '';
});

const hanoi = { code: 'HAN', cityVi: 'Hà Nội', cityEn: 'Hanoi', nameVi: 'Nội Bài', nameEn: 'Noi Bai', countryCode: 'VN', domestic: true };

describe('place picker', () => {
  it('asks GET /api/flights/airports?q= quietly and lists the answer', async () => {
    const api = mockApi(() => ({ data: [hanoi] }));
    restore = api.restore;
    renderScreen('/', '/', <PlacePicker id="from" value="" onChange={vi.fn()} placeholder="Điểm đi" aria-label="Điểm đi" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Điểm đi' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Điểm đi' }), { target: { value: 'han' } });
    await waitFor(() => expect(api.seen.some((r) => r.config.params?.q === 'han')).toBe(true));
    const asked = api.seen.find((r) => r.config.params?.q === 'han') as SeenRequest;
    expect(asked.method).toBe('GET');
    expect(asked.url).toBe('/api/flights/airports');
    // a background read: no overlay, no network toast
    expect(asked.config).toMatchObject({ overlay: false, silent: true });
    expect(asked.config.params).toEqual({ q: 'han' });
    expect(await screen.findByText('Nội Bài')).toBeTruthy();
  });
});

const request = (to: string): FlightSearchRequest => ({
  journeyType: 'OW', searchType: 'BP', legs: [{ from: 'HAN', to, departDate: '2030-01-20' }], adt: 1, chd: 0, inf: 0, promotionCodes: {},
});

function started(sessionId: string): SearchStarted {
  return { sessionId, tasks: [], total: 2, isInternational: false, requirePassport: false, bookingFees: [] };
}

/** A poll answer as the gateway sends it (the fare classes as rows, their texts once: contract/flights-poll.ts). */
function poll(sessionId: string, cursor: number, done: boolean, ids: string[]): SearchPollWire {
  return compactSearchPoll({
    sessionId, tasks: [], total: 2, completed: done ? 2 : 1, done, cursor,
    offers: ids.map((id) => makeOffer({ id, airline: 'VN', depart: '2030-01-20T06:00', minutes: 130, fares: [{ class: 'Y', seats: 4, fare: 1_000_000 }] })),
  });
}

function Probe() {
  const [to, setTo] = useState('SGN');
  const search = useFlightSearch(request(to));
  return (
    <div>
      <span data-testid="status">{search.status}</span>
      <span data-testid="session">{search.sessionId}</span>
      <span data-testid="progress">{`${search.completed}/${search.total}`}</span>
      <span data-testid="offers">{search.offers.map((o) => o.id).join(',')}</span>
      <span data-testid="fares">{search.offers.map((o) => o.priceInfo.map((p) => `${p.class}/${p.seatAvailable}/${p.fareADT}/${p.fareInfo.fareFamily}/${p.freeBaggage.description}`).join(' ')).join(',')}</span>
      <button type="button" onClick={() => setTo('DAD')}>again</button>
    </div>
  );
}

describe('search session', () => {
  it('starts a session, then polls with the cursor until done; each poll adds its offers', async () => {
    const answers: string[] = [];
    const api = mockApi((req) => {
      if (req.method === 'POST') return { data: started('s1') };
      const since = Number(req.config.params?.since);
      answers.push(`${req.url}?since=${since}`);
      return { data: since === 0 ? poll('s1', 1, false, ['a']) : poll('s1', 2, true, ['b']) };
    });
    restore = api.restore;
    renderScreen('/', '/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('done'));
    expect(screen.getByTestId('offers').textContent).toBe('a,b');
    // the offers are expanded from the rows and texts sent
    const [fareOf] = poll('s1', 1, false, ['a']).offers.map((o) => o.fares[0]);
    expect(fareOf[0]).toBe('Y');
    const full = makeOffer({ id: 'a', airline: 'VN', depart: '2030-01-20T06:00', minutes: 130, fares: [{ class: 'Y', seats: 4, fare: 1_000_000 }] }).priceInfo[0];
    const shown = `Y/4/1000000/${full.fareInfo.fareFamily}/${full.freeBaggage.description}`;
    expect(screen.getByTestId('fares').textContent).toBe(`${shown},${shown}`);
    expect(screen.getByTestId('progress').textContent).toBe('2/2');
    expect(answers).toEqual(['/api/flights/search/s1?since=0', '/api/flights/search/s1?since=1']);
    const [start, ...polls] = api.seen;
    expect(start.url).toBe('/api/flights/search');
    expect(sentBody(start)).toEqual(request('SGN'));
    // the search shows its own progress: no global overlay
    expect(start.config.overlay).toBe(false);
    for (const p of polls) expect(p.config).toMatchObject({ overlay: false, params: { waitMs: POLL_WAIT_MS } });
  });

  it('a search opened from a panel starts at the click; the results page takes it over instead of starting another', async () => {
    let releaseStart = () => {};
    const startAnswered = new Promise<void>((ok) => { releaseStart = ok; });
    const answers: string[] = [];
    const api = mockApi(async (req) => {
      if (req.method === 'POST') {
        await startAnswered;
        return { data: started('p1') };
      }
      const since = Number(req.config.params?.since);
      answers.push(`${req.url}?since=${since}`);
      return { data: since === 0 ? poll('p1', 1, false, ['a']) : poll('p1', 2, true, ['b']) };
    });
    restore = api.restore;
    function Panel() {
      const open = useOpenResults();
      return <button type="button" onClick={() => open(request('SGN'))}>search</button>;
    }
    renderRoutes('/', { '/': <Panel />, '/booking/flights': <Probe /> });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    // the start call went out at the click, before the results page asked anything
    await waitFor(() => expect(api.seen.filter((r) => r.method === 'POST')).toHaveLength(1));
    await screen.findByTestId('status');
    releaseStart();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('done'));
    expect(screen.getByTestId('session').textContent).toBe('p1');
    expect(screen.getByTestId('offers').textContent).toBe('a,b');
    // one start, one poll per cursor: the page did not start a second search
    expect(api.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(answers).toEqual(['/api/flights/search/p1?since=0', '/api/flights/search/p1?since=1']);
  });

  it('a new search cancels the pending poll of the previous one and shows only its own offers', async () => {
    let firstPoll: SeenRequest | undefined;
    const api = mockApi((req) => {
      if (req.method === 'POST') return { data: started((sentBody(req) as FlightSearchRequest).legs[0].to === 'SGN' ? 's1' : 's2') };
      if (req.url.endsWith('/s1')) {
        firstPoll = req;
        // the gateway holds this poll: it ends only when the portal gives up on it
        return new Promise(() => {});
      }
      return { data: poll('s2', 1, true, ['z']) };
    });
    restore = api.restore;
    renderScreen('/', '/', <Probe />);
    await waitFor(() => expect(firstPoll).toBeDefined());
    expect(firstPoll!.config.signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('done'));
    expect(firstPoll!.config.signal?.aborted).toBe(true);
    expect(screen.getByTestId('session').textContent).toBe('s2');
    expect(screen.getByTestId('offers').textContent).toBe('z');
  });
});

describe('fare-rule dialog', () => {
  const query = { title: 'VN213 · Y', source: 'VN', airline: 'VN', class: 'Y', fareBasis: 'YOW' };

  it('asks GET /api/flights/fare-rules quietly with the offer\'s fare and shows the rules', async () => {
    const api = mockApi(() => ({ data: { list: [{ type: 'Hoàn vé', fareRule: 'Phí hoàn 300.000 đ' }], isInternational: false, isCondition: true } }));
    restore = api.restore;
    renderScreen('/', '/', <FareRuleDialog query={query} onClose={vi.fn()} />);
    expect(await screen.findByText('Phí hoàn 300.000 đ')).toBeTruthy();
    const [asked] = api.seen;
    expect(asked.url).toBe('/api/flights/fare-rules');
    expect(asked.config).toMatchObject({ overlay: false, silent: true, params: { source: 'VN', airline: 'VN', class: 'Y', fareBasis: 'YOW' } });
    expect(screen.getByTestId('fare-rule-dialog').getAttribute('data-error')).toBe('false');
  });

  it.each(['the list button that opened it', 'the dialog'])('Escape closes it with the focus on %s', async (where) => {
    const api = mockApi(() => ({ data: { list: [{ type: 'Hoàn vé', fareRule: 'Phí hoàn 300.000 đ' }], isInternational: false, isCondition: true } }));
    restore = api.restore;
    const onClose = vi.fn();
    renderScreen('/', '/', <><button type="button">Điều kiện vé</button><FareRuleDialog query={query} onClose={onClose} /></>);
    await screen.findByText('Phí hoàn 300.000 đ');
    const target = where === 'the dialog' ? screen.getByTestId('fare-rule-dialog') : screen.getByRole('button', { name: 'Điều kiện vé', hidden: true });
    target.focus();
    fireEvent.keyDown(target, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the gateway\'s message with isError when the rules cannot be read, and asks nothing while closed', async () => {
    const api = mockApi(() => ({ status: 404, data: { code: 404, message: 'Không tìm thấy điều kiện vé' } }));
    restore = api.restore;
    renderScreen('/', '/', <FareRuleDialog query={null} onClose={vi.fn()} />);
    expect(api.seen).toHaveLength(0);
    cleanup();
    renderScreen('/', '/', <FareRuleDialog query={query} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('fare-rule-dialog');
    await waitFor(() => expect(dialog.getAttribute('data-error')).toBe('true'));
    expect(dialog.textContent).toContain('Không tìm thấy điều kiện vé');
  });
});

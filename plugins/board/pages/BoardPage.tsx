/**
 * /electronic-board/{place}: the airport board of one airport — departures and arrivals with their times,
 * gates and live statuses coloured per spec point 4. It reads the board again every 15 seconds and at the
 * instant the next status is due to change, without a reload; the full-screen mode fills a wall screen.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Result, Skeleton, Space } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useCustom, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { boardPath, type BoardAnswer, type BoardFlight } from '../../../contract/board';
import { currentLanguage, linkTo, LoadError, PAGES } from '../../../src/sdk';
import { clockOf, placeCode, statusColour } from '../model/status-colour';
import '../board.css';

const REFRESH_MS = 15_000;
const QUIET = { overlay: false, silent: true } as const;

function FlightRows({ rows, direction }: { rows: BoardFlight[]; direction: 'departure' | 'arrival' }) {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  if (rows.length === 0) return <Empty className="board-empty" description={t(direction === 'departure' ? 'board.noDepartures' : 'board.noArrivals')} />;
  return (
    <table className="board-table" data-testid={`board-${direction}s`}>
      <thead>
        <tr>
          <th>{t('board.time')}</th>
          <th>{t('board.flight')}</th>
          <th>{t(direction === 'departure' ? 'board.to' : 'board.from')}</th>
          <th className="board-opt">{t('board.terminal')}</th>
          <th>{t(direction === 'departure' ? 'board.gate' : 'board.belt')}</th>
          <th>{t('board.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-flight={r.key} data-status={r.status} data-changes-at={r.changesAt ?? ''}>
            <td className="board-time">
              <span className={r.expectedLocal ? 'board-was' : undefined}>{clockOf(r.scheduledLocal)}</span>
              {r.expectedLocal ? <span className="board-expected">{clockOf(r.expectedLocal)}</span> : null}
            </td>
            <td className="board-flightno">{r.flightNo}</td>
            <td className="board-place">
              <span className="board-city">{en ? r.placeNameEn : r.placeNameVi}</span> <span className="board-code">{r.place}</span>
            </td>
            <td className="board-opt">{r.terminal ?? '—'}</td>
            <td>{r.gate ?? '—'}</td>
            <td>
              <span className={`board-status board-${statusColour(r.status)}`} data-testid="board-status">
                {t(`board.statuses.${r.status}`)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function BoardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { place } = useParams();
  const code = placeCode(place);
  const frame = useRef<HTMLDivElement>(null);
  const [wall, setWall] = useState(false);
  const { query } = useCustom<BoardAnswer, HttpError>({
    url: boardPath(code ?? ''),
    method: 'get',
    meta: QUIET,
    queryOptions: { queryKey: ['board', code], enabled: code !== null, retry: false, refetchInterval: REFRESH_MS, refetchIntervalInBackground: true, staleTime: 0 },
    errorNotification: false,
  });
  const board = query.data?.data;
  const { refetch } = query;

  // read again right after the next status change is due, so the board turns with the clock
  const nextChangeAt = board?.nextChangeAt ?? null;
  useEffect(() => {
    if (!nextChangeAt) return undefined;
    const wait = Date.parse(nextChangeAt) - Date.now() + 1_000;
    if (wait > REFRESH_MS || wait < 0) return undefined;
    const timer = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(timer);
  }, [nextChangeAt, refetch]);

  // leaving the browser's full screen (Esc) leaves the wall mode too
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setWall(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleWall = () => {
    if (wall) {
      setWall(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      return;
    }
    setWall(true);
    // the wall mode stands on its own where the browser refuses full screen
    void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  const goTo = (value: string) => {
    const next = placeCode(value);
    if (next) navigate(linkTo(PAGES.board.board, { place: next }));
  };

  const picker = (
    <Input.Search
      className="board-picker"
      placeholder={t('board.placePlaceholder')}
      aria-label={t('board.placeLabel')}
      enterButton={t('board.open')}
      maxLength={3}
      allowClear
      onSearch={goTo}
    />
  );

  const unknown = code === null || query.error?.statusCode === 404;
  const en = currentLanguage() === 'en';

  const body = () => {
    if (unknown) {
      return (
        <div data-testid="board-unknown">
          <Result status="404" title={t('board.unknownTitle', { place: (place ?? '').toUpperCase() })} subTitle={t('board.unknownHint')} extra={picker} />
        </div>
      );
    }
    if (query.isError && !board) return <LoadError onRetry={() => void refetch()} />;
    if (!board) return <Skeleton active paragraph={{ rows: 10 }} />;
    return (
      <>
        {query.isError ? <Alert type="warning" showIcon className="board-stale" message={t('board.stale')} /> : null}
        {/* each side scrolls sideways on a phone: focusable, so the keyboard can scroll it too */}
        <div className="board-sides">
          <section className="board-side" aria-label={t('board.departures')} tabIndex={0}>
            <h2 className="board-side-title">{t('board.departures')}</h2>
            <FlightRows rows={board.departures} direction="departure" />
          </section>
          <section className="board-side" aria-label={t('board.arrivals')} tabIndex={0}>
            <h2 className="board-side-title">{t('board.arrivals')}</h2>
            <FlightRows rows={board.arrivals} direction="arrival" />
          </section>
        </div>
      </>
    );
  };

  return (
    <div ref={frame} className={wall ? 'board-page board-wall' : 'board-page'} data-testid="board" data-next-change={board ? (board.nextChangeAt ?? '') : undefined}>
      <div className="board-head">
        <div className="board-title">
          <h1>{board ? `${en ? board.cityEn : board.cityVi} (${board.code})` : t('board.page.title')}</h1>
          {board ? <div className="board-airport">{en ? board.nameEn : board.nameVi}</div> : null}
        </div>
        <Space wrap className="board-tools">
          {board ? (
            <span className="board-clock" aria-label={t('board.localTime')} data-testid="board-clock">
              {clockOf(board.nowLocal)}
            </span>
          ) : null}
          {!wall && !unknown ? picker : null}
          <Button icon={wall ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleWall} data-testid="board-wall">
            {wall ? t('board.exitFullScreen') : t('board.fullScreen')}
          </Button>
        </Space>
      </div>
      {body()}
    </div>
  );
}

import { useAtomValue } from 'jotai';
import { useEffect, useState, type CSSProperties } from 'react';
import { useLocation, useSearch } from 'wouter';
import { t } from '../i18n';
import { ensurePrepared, onPrepareProgress } from '../storage/prepare';
import { PrepareError } from '../storage/prepare-error';
import { percentOf } from '../storage/progress-meter';
import { isStorageUnavailable, storageUnavailableAtom } from '../storage/storage-status';

/** Long enough to see "Hello!"; longer when the user should read that nothing could be kept. */
const HELLO_MS = 300;
const NOTICE_MS = 2500;

type Phase = { name: 'loading' } | { name: 'done' } | { name: 'failed'; reason: string };

/** The preparation screen at `/` (docs/behaviour.md §2): full screen, no site layout. */
export function Loading() {
  const [, navigate] = useLocation();
  // What /home was opened with, when the guard sent the page here first (route-guard.ts).
  const search = useSearch();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [percent, setPercent] = useState(0);
  const storageUnavailable = useAtomValue(storageUnavailableAtom);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onPrepareProgress((progress) => {
      if (live) setPercent(percentOf(progress));
    });
    ensurePrepared().then(
      () => {
        if (!live) return;
        setPercent(100);
        setPhase({ name: 'done' });
        const hold = isStorageUnavailable() ? NOTICE_MS : HELLO_MS;
        const home = search ? `/home?${search}` : '/home';
        timer = setTimeout(() => navigate(home, { replace: true }), hold);
      },
      (error: unknown) => {
        if (!live) return;
        const reason = error instanceof PrepareError ? error.reason : String(error);
        setPhase({ name: 'failed', reason });
      },
    );
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [attempt, navigate, search]);

  const retry = () => {
    setPhase({ name: 'loading' });
    setPercent(0);
    setAttempt((n) => n + 1);
  };

  return (
    <main style={styles.screen} data-testid="loading-screen">
      <h1 style={styles.heading}>{phase.name === 'done' ? t('hello') : t('loading')}</h1>
      <div
        role="progressbar"
        aria-label={t('downloadProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={styles.track}
      >
        <div style={{ ...styles.bar, width: `${percent}%` }} />
      </div>
      <p style={styles.percent}>{t('progress', { percent })}</p>
      {phase.name === 'failed' ? (
        <>
          <p role="alert" style={styles.error}>
            {t('loadFailed', { reason: phase.reason })}
          </p>
          <button type="button" style={styles.button} onClick={retry}>
            {t('retry')}
          </button>
        </>
      ) : null}
      {storageUnavailable ? (
        <p role="status" style={styles.notice}>
          {t('storageUnavailable')}
        </p>
      ) : null}
    </main>
  );
}

const styles = {
  screen: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 12,
    padding: 24,
    textAlign: 'center',
    background: '#f6f7f9',
  },
  heading: { fontSize: '1.25rem', margin: 0 },
  track: {
    width: 'min(80vw, 320px)',
    height: 8,
    borderRadius: 4,
    background: '#dde1e6',
    overflow: 'hidden',
  },
  bar: { height: '100%', background: '#1b1f24', transition: 'width 0.2s linear' },
  percent: { margin: 0, fontVariantNumeric: 'tabular-nums' },
  error: { margin: 0, color: '#b00020', maxWidth: 360 },
  notice: { margin: 0, color: '#6b5900', maxWidth: 360 },
  button: { minHeight: 48, minWidth: 120, fontSize: '1rem' },
} satisfies Record<string, CSSProperties>;

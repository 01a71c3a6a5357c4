import { useCallback, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { httpStatus, toast } from '@deals/shared-auth';

// An edit screen's record, loaded by the id in its route: the loading, not-found and failed states
// every such screen shows alike (spec 2 §8: a failed load is an error toast).

export type RecordLoad<T> = { state: 'loading' } | { state: 'notFound' } | { state: 'failed' } | { state: 'ready'; record: T };

export interface RecordHandle<T> {
  loaded: RecordLoad<T>;
  /** Loads again keeping what is shown (after the record's parts changed); a failure only toasts. */
  reload: () => void;
  /** Loads again from the spinner (the failed screen's Retry). */
  retry: () => void;
}

/** The id of an `/edit/:id` route, or null when the text is not a positive whole number. */
export function recordId(value: string): number | null {
  const id = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Loads `load(id)` (a stable function: a new one loads again); a 404 is "not found", any other failure an error toast and the failed state. */
export function useRecord<T>(load: (id: number) => Promise<T>, id: number): RecordHandle<T> {
  const [loaded, setLoaded] = useState<RecordLoad<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    load(id).then(
      (record) => {
        if (current) setLoaded({ state: 'ready', record });
      },
      (error: unknown) => {
        if (!current) return;
        if (httpStatus(error) === 404) {
          setLoaded({ state: 'notFound' });
          return;
        }
        toast.failure(error);
        setLoaded((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, id, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setVersion((value) => value + 1);
  }, []);
  return { loaded, reload, retry };
}

/**
 * What an edit screen shows instead of its record: the not-found result or the failed one (with
 * Retry and the way back); null once loading or loaded.
 */
export function recordProblem(handle: RecordHandle<unknown>, { noun, notFound, back }: { noun: string; notFound: ReactElement; back: ReactNode }): ReactElement | null {
  if (handle.loaded.state === 'notFound') return notFound;
  if (handle.loaded.state !== 'failed') return null;
  return (
    <Result
      status="error"
      title={`The ${noun} could not be loaded`}
      extra={[
        <Button key="retry" type="primary" onClick={handle.retry}>
          Retry
        </Button>,
        <span key="back">{back}</span>,
      ]}
    />
  );
}

/** The spinner an edit screen shows while its record loads. */
export function RecordSpinner({ noun }: { noun: string }) {
  return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} aria-label={`Loading the ${noun}`} />;
}

import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Flex, Input, Modal, Spin, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { toast, useGuardedClose } from '@deals/shared-auth';

/** Every record to choose from, loaded at once when the modal opens. */
export interface PickRecordsList<Row> {
  /** The records (a stable function: a new one loads again). A failure closes the modal. */
  load: () => Promise<Row[]>;
  /** The spinner's accessible name while loading. */
  loadingLabel: string;
  /** Said when there is nothing to choose from (OK is then disabled). */
  empty: string;
}

/** Records searched by a typed term, a page at a time; the choice survives new searches. */
export interface PickRecordsSearch<Row> {
  /** One page (from 1) of the records matching `term` (a stable function: a new one searches again). */
  search: (term: string, page: number, signal?: AbortSignal) => Promise<{ items: Row[]; total: number }>;
  /** Characters typed (spaces trimmed) before a search goes out. */
  minChars: number;
  /** Pause after the last keystroke before the search call goes out. */
  debounceMs: number;
  /** The search field's label and placeholder. */
  inputLabel: string;
  placeholder: string;
  /** Said in place of the hint until enough characters are typed. */
  idleHint: string;
  /** The spinner's accessible name while searching. */
  loadingLabel: string;
  /** Said when nothing matches. */
  empty: string;
  /** The accessible name of the chosen records' tags, and each tag's text. */
  selectedLabel: string;
  rowName: (row: Row) => string;
  /** Under a partial answer, next to Show more: "Showing 50 of 120 matching deals". */
  moreText: (shown: string, total: string) => string;
}

export interface PickRecordsModalProps<Row extends { id: number }> {
  title: string;
  okText: string;
  width?: number;
  /** Where the records come from. */
  source: PickRecordsList<Row> | PickRecordsSearch<Row>;
  /** Said over the records ("Tick the deals to add…"). */
  hint: ReactNode;
  /** The accessible name of the records' list. */
  listLabel: string;
  /** A record's checkbox label. */
  renderRow: (row: Row) => ReactNode;
  /** The warning when OK is pressed with nothing ticked. */
  nothingChosen: string;
  /** Saves the ticked records (in list order for a loaded list, in the order ticked for a search). */
  save: (rows: Row[]) => Promise<{ message: string }>;
  /** `saved` when the screen should reload. */
  onClose: (saved: boolean) => void;
}

interface SearchAnswer<Row> {
  query: string;
  results: Row[];
  total: number;
  page: number;
}

const isSearch = <Row,>(source: PickRecordsList<Row> | PickRecordsSearch<Row>): source is PickRecordsSearch<Row> => 'search' in source;

/**
 * Tick any number of records and save them in one call: the admin screens' pickers (the deals of a
 * featured section, the menu items under a parent). Closing with records ticked but not saved asks
 * first; a save failure is a warning and keeps the modal open.
 */
export function PickRecordsModal<Row extends { id: number }>({ title, okText, width, source, hint, listLabel, renderRow, nothingChosen, save, onClose }: PickRecordsModalProps<Row>) {
  const searchSource = isSearch(source) ? source : null;
  const listSource = isSearch(source) ? null : source;
  const [selected, setSelected] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  // Records ticked but not saved: closing asks first.
  const cancel = useGuardedClose(selected.length > 0 && !saving, () => onClose(false));

  // A loaded list: null until it comes.
  const [rows, setRows] = useState<Row[] | null>(null);
  const load = listSource?.load;
  useEffect(() => {
    if (!load) return undefined;
    let current = true;
    load().then(
      (items) => {
        if (current) setRows(items);
      },
      (error: unknown) => {
        // A load failure is an error (spec 2 §8); there is nothing to choose from.
        toast.failure(error);
        if (current) onClose(false);
      },
    );
    return () => {
      current = false;
    };
  }, [load, onClose]);

  // A search: the last answer and the term it answered; an answer for another term is not shown.
  const inputId = useId();
  const [term, setTerm] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer<Row> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const query = term.trim();
  const searching = searchSource !== null && query.length >= searchSource.minChars;
  const search = searchSource?.search;
  const debounceMs = searchSource?.debounceMs ?? 0;

  useEffect(() => {
    if (!searching || !search) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, 1, controller.signal).then(
        (found) => setAnswer({ query, results: found.items, total: found.total, page: 1 }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          toast.failure(error);
          setAnswer({ query, results: [], total: 0, page: 1 });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, search, debounceMs]);

  const current = searching && answer?.query === query ? answer : null;
  const results = current?.results ?? [];

  const showMore = async () => {
    if (!current || !search) return;
    setLoadingMore(true);
    try {
      const next = await search(current.query, current.page + 1);
      setAnswer((shown) => (shown?.query === current.query ? { ...shown, results: [...shown.results, ...next.items], total: next.total, page: current.page + 1 } : shown));
    } catch (error) {
      toast.failure(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const isSelected = (id: number) => selected.some((row) => row.id === id);
  const toggle = (row: Row, checked: boolean) =>
    setSelected((chosen) => (checked ? (chosen.some((item) => item.id === row.id) ? chosen : [...chosen, row]) : chosen.filter((item) => item.id !== row.id)));

  const submit = async () => {
    const chosen = rows !== null ? rows.filter((row) => isSelected(row.id)) : selected;
    if (chosen.length === 0) {
      toast.warning(nothingChosen);
      return;
    }
    setSaving(true);
    try {
      const { message } = await save(chosen);
      toast.success(message);
      onClose(true);
    } catch (error) {
      // Spec 2 §8: a save failure is a warning.
      toast.failure(error, 'warning');
      setSaving(false);
    }
  };

  const count = (
    <Typography.Text strong aria-live="polite">
      {selected.length} selected
    </Typography.Text>
  );

  const list = (rowsShown: Row[], padding: string, style?: CSSProperties) => (
    <ul aria-label={listLabel} style={{ listStyle: 'none', margin: 0, padding: 0, ...style }}>
      {rowsShown.map((row) => (
        <li key={row.id} style={{ padding, borderBottom: '1px solid #f5f5f5' }}>
          <Checkbox checked={isSelected(row.id)} onChange={(event) => toggle(row, event.target.checked)}>
            {renderRow(row)}
          </Checkbox>
        </li>
      ))}
    </ul>
  );

  const spinner = (label: string) => (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin aria-label={label} />
    </Flex>
  );

  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={() => void submit()}
      onCancel={cancel}
      okButtonProps={{ loading: saving, disabled: listSource ? rows === null || rows.length === 0 : undefined }}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      width={width}
      destroyOnHidden
    >
      {listSource &&
        (rows === null ? (
          spinner(listSource.loadingLabel)
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={listSource.empty} />
        ) : (
          <>
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">{hint}</Typography.Text>
              {count}
            </Flex>
            {list(rows, '8px 4px', { maxHeight: 360, overflowY: 'auto' })}
          </>
        ))}
      {searchSource && (
        <>
          <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
            {searchSource.inputLabel}
          </label>
          <Input
            id={inputId}
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={searchSource.placeholder}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            autoFocus
            autoComplete="off"
            maxLength={200}
          />
          <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '8px 0' }}>
            <Typography.Text type="secondary">{searching ? hint : searchSource.idleHint}</Typography.Text>
            {count}
          </Flex>
          {selected.length > 0 && (
            <Flex wrap gap={4} style={{ marginBottom: 8 }} aria-label={searchSource.selectedLabel} role="list">
              {selected.map((row) => (
                <Tag key={row.id} closable onClose={() => toggle(row, false)} role="listitem">
                  {searchSource.rowName(row)}
                </Tag>
              ))}
            </Flex>
          )}
          {searching && (
            <div className="pick-records-results" style={{ maxHeight: 360, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}>
              {current === null && spinner(searchSource.loadingLabel)}
              {current !== null && results.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searchSource.empty} />}
              {results.length > 0 && list(results, '8px 12px')}
              {current !== null && current.total > results.length && (
                <Flex justify="space-between" align="center" gap={8} style={{ padding: '8px 12px' }}>
                  <Typography.Text type="secondary">{searchSource.moreText(results.length.toLocaleString('en-US'), current.total.toLocaleString('en-US'))}</Typography.Text>
                  <Button size="small" loading={loadingMore} onClick={() => void showMore()}>
                    Show more
                  </Button>
                </Flex>
              )}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

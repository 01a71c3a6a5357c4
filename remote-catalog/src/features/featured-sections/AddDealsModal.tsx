import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Input, Modal, Spin, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { toast, useGuardedClose } from '@deals/shared-auth';
import { MESSAGES } from '@deals/contract/messages';
import { addDealsToSection, searchDeals, type ProductSearchItem } from './api';
import { DEAL_SEARCH_MIN_CHARS } from './schemas';
import { Thumbnail } from '@deals/shared-auth/ui';

/** Pause after the last keystroke before the search call goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

interface AddDealsModalProps {
  sectionId: number;
  /** `added` when the section should reload. */
  onClose: (added: boolean) => void;
}

interface Answer {
  query: string;
  results: ProductSearchItem[];
  total: number;
  page: number;
}

/**
 * Add Deals (spec 2 §2, §5): search deals by name from 3 typed characters, tick any number of
 * them (the choice survives new searches) and add them in one call. The server leaves out the
 * section's own deals and pages the matches (issue 18): Show more loads the next 50.
 */
export function AddDealsModal({ sectionId, onClose }: AddDealsModalProps) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<ProductSearchItem[]>([]);
  const [saving, setSaving] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Deals picked but not added: closing asks first.
  const cancel = useGuardedClose(selected.length > 0 && !saving, () => onClose(false));
  // The last answer and the term it answered: an answer for another term is not shown.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const query = term.trim();
  const searching = query.length >= DEAL_SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searching) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchDeals(query, sectionId, 1, controller.signal).then(
        (found) => setAnswer({ query, results: found.items, total: found.total, page: 1 }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          toast.failure(error);
          setAnswer({ query, results: [], total: 0, page: 1 });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, sectionId]);

  const current = searching && answer?.query === query ? answer : null;
  const loading = searching && current === null;
  const results = current?.results ?? [];

  const showMore = async () => {
    if (!current) return;
    setLoadingMore(true);
    try {
      const next = await searchDeals(current.query, sectionId, current.page + 1);
      setAnswer((shown) => (shown?.query === current.query ? { ...shown, results: [...shown.results, ...next.items], total: next.total, page: current.page + 1 } : shown));
    } catch (error) {
      toast.failure(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const isSelected = (id: number) => selected.some((deal) => deal.id === id);
  const toggle = (deal: ProductSearchItem, checked: boolean) =>
    setSelected((current) => (checked ? (current.some((item) => item.id === deal.id) ? current : [...current, deal]) : current.filter((item) => item.id !== deal.id)));

  const submit = async () => {
    if (selected.length === 0) {
      toast.warning(MESSAGES.featuredSection.productsRequired);
      return;
    }
    setSaving(true);
    try {
      const { message } = await addDealsToSection(
        sectionId,
        selected.map((deal) => deal.id),
      );
      toast.success(message);
      onClose(true);
    } catch (error) {
      toast.failure(error, 'warning');
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Add Deals"
      okText="Add Deals"
      onOk={() => void submit()}
      onCancel={cancel}
      okButtonProps={{ loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
        Search deals
      </label>
      <Input
        id={inputId}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Type part of a deal's name"
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        autoFocus
        autoComplete="off"
        maxLength={200}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '8px 0' }}>
        <Typography.Text type="secondary">{searching ? 'Tick the deals to add; your choice is kept when you search again.' : `Type at least ${DEAL_SEARCH_MIN_CHARS} characters to search deals`}</Typography.Text>
        <Typography.Text strong aria-live="polite">
          {selected.length} selected
        </Typography.Text>
      </Flex>
      {selected.length > 0 && (
        <Flex wrap gap={4} style={{ marginBottom: 8 }} aria-label="Selected deals" role="list">
          {selected.map((deal) => (
            <Tag key={deal.id} closable onClose={() => toggle(deal, false)} role="listitem">
              {deal.name}
            </Tag>
          ))}
        </Flex>
      )}
      {searching && (
        <div className="featured-deals-results" style={{ maxHeight: 360, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}>
          {loading && (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin aria-label="Searching deals" />
            </Flex>
          )}
          {current !== null && results.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No deals found" />}
          {results.length > 0 && (
            <ul aria-label="Deals found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {results.map((deal) => (
                <li key={deal.id} style={{ padding: '8px 12px', borderBottom: '1px solid #f5f5f5' }}>
                  <Checkbox checked={isSelected(deal.id)} onChange={(event) => toggle(deal, event.target.checked)}>
                    <Flex align="center" gap={12}>
                      <Thumbnail path={deal.imageUrl} size={40} />
                      <span>
                        {deal.name}
                        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                          {deal.category}
                          {deal.promoCode ? ` · ${deal.promoCode}` : ''}
                        </Typography.Text>
                      </span>
                    </Flex>
                  </Checkbox>
                </li>
              ))}
            </ul>
          )}
          {current !== null && current.total > results.length && (
            <Flex justify="space-between" align="center" gap={8} style={{ padding: '8px 12px' }}>
              <Typography.Text type="secondary">
                Showing {results.length.toLocaleString('en-US')} of {current.total.toLocaleString('en-US')} matching deals
              </Typography.Text>
              <Button size="small" loading={loadingMore} onClick={() => void showMore()}>
                Show more
              </Button>
            </Flex>
          )}
        </div>
      )}
    </Modal>
  );
}

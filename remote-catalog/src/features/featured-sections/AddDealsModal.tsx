import { useCallback, useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { MESSAGES } from '@deals/contract/messages';
import { PickRecordsModal, Thumbnail, type PickRecordsSearch } from '@deals/shared-auth/ui';
import { addDealsToSection, searchDeals, type ProductSearchItem } from './api';
import { DEAL_SEARCH_MIN_CHARS } from './schemas';

/** Pause after the last keystroke before the search call goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

interface AddDealsModalProps {
  sectionId: number;
  /** `added` when the section should reload. */
  onClose: (added: boolean) => void;
}

/** A found deal's checkbox label: its picture, name, store and promo code. */
function DealRow({ deal }: { deal: ProductSearchItem }) {
  return (
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
  );
}

/**
 * Add Deals (spec 2 §2, §5): search deals by name from 3 typed characters, tick any number of
 * them (the choice survives new searches) and add them in one call. The server leaves out the
 * section's own deals and pages the matches so a broad term stays light: Show more loads the next 50.
 */
export function AddDealsModal({ sectionId, onClose }: AddDealsModalProps) {
  const search = useCallback((term: string, page: number, signal?: AbortSignal) => searchDeals(term, sectionId, page, signal), [sectionId]);
  const source = useMemo<PickRecordsSearch<ProductSearchItem>>(
    () => ({
      search,
      minChars: DEAL_SEARCH_MIN_CHARS,
      debounceMs: SEARCH_DEBOUNCE_MS,
      inputLabel: 'Search deals',
      placeholder: "Type part of a deal's name",
      idleHint: `Type at least ${DEAL_SEARCH_MIN_CHARS} characters to search deals`,
      loadingLabel: 'Searching deals',
      empty: 'No deals found',
      selectedLabel: 'Selected deals',
      rowName: (deal) => deal.name,
      moreText: (shown, total) => `Showing ${shown} of ${total} matching deals`,
    }),
    [search],
  );
  const save = useCallback(
    (deals: ProductSearchItem[]) =>
      addDealsToSection(
        sectionId,
        deals.map((deal) => deal.id),
      ),
    [sectionId],
  );

  return (
    <PickRecordsModal
      title="Add Deals"
      okText="Add Deals"
      width={640}
      source={source}
      hint="Tick the deals to add; your choice is kept when you search again."
      listLabel="Deals found"
      renderRow={(deal) => <DealRow deal={deal} />}
      nothingChosen={MESSAGES.featuredSection.productsRequired}
      save={save}
      onClose={onClose}
    />
  );
}

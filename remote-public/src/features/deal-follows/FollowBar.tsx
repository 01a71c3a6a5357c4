import { useEffect } from 'react';
import { followWordProblem, normaliseFollowWord } from '@deals/contract/deal-follow-words';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { checkAlertState, useAlertState } from '../deal-alerts';
import { FollowButton } from './FollowButton';
import './deal-follows.css';

/**
 * Above a deal list that was searched or filtered by store: a Follow button for the search words
 * and for each chosen store. Nothing on the server and during hydration (whether this browser can
 * get alerts is known only here), nor where Web Push is unavailable or blocked.
 */
export function FollowBar({ searchTerm, stores }: { searchTerm: string; stores: { id: number; name: string }[] }) {
  const hydrated = useHydrated();
  const alert = useAlertState();
  useEffect(() => {
    if (hydrated) checkAlertState();
  }, [hydrated]);

  const word = normaliseFollowWord(searchTerm);
  const followWord = word && !followWordProblem(word);
  if (!hydrated || alert.status === 'unavailable' || (!followWord && stores.length === 0)) return null;
  return (
    <div className="follow-bar" role="group" aria-label="Get alerts for new deals like these">
      {followWord && <FollowButton target={{ word }} label={word} />}
      {stores.map((store) => (
        <FollowButton key={store.id} target={{ storeId: store.id }} label={store.name} />
      ))}
      {/* Once for the bar, not under each button (they all turn alerts on the same way). */}
      {alert.status === 'off' && <span className="follow-button__hint">Turns on deal alerts in this browser</span>}
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { DealCard } from '@deals/contract';
import { Icon } from '../icons';
import { useClock } from '../../lib/ssr/clock';
import { agoText, calendarDate, FEEDBACK_WINDOW_DAYS, HOW_WE_VERIFY_PATH, verifiedDayText } from '../../lib/trust';
import './trust.css';

type TrustData = Pick<DealCard, 'successRate' | 'feedbackCount' | 'lastWorkedAt' | 'verifiedAt' | 'promoCode'>;

/**
 * What visitors and staff say of a deal: "Verified today" (linking to how codes are verified) and
 * "82% success · last worked 3 h ago". Nothing for a deal with neither, so cards without them
 * keep their height.
 */
export function TrustLine({ deal, className }: { deal: TrustData; className?: string }) {
  const rated = typeof deal.successRate === 'number';
  if (!rated && !deal.verifiedAt) return null;
  return <TrustTexts deal={deal} className={className} />;
}

/** Apart from TrustLine so that only deals showing a time-dependent text follow the clock. */
function TrustTexts({ deal, className }: { deal: TrustData; className?: string }) {
  const { now, timeZone } = useClock();
  const verified = verifiedDayText(deal.verifiedAt, now, timeZone);
  const worked = agoText(deal.lastWorkedAt, now);
  const subject = deal.promoCode?.trim() ? 'this code' : 'this deal';
  const answers = deal.feedbackCount ?? 0;
  return (
    <p className={['trust', className].filter(Boolean).join(' ')}>
      {verified && deal.verifiedAt && (
        <Link
          className="trust__verified"
          to={HOW_WE_VERIFY_PATH}
          title={`Our team confirmed ${subject} worked on ${calendarDate(deal.verifiedAt, timeZone)}. Read how we verify codes.`}
        >
          <Icon name="verified" size={15} />
          <span>
            Verified <time dateTime={deal.verifiedAt}>{verified}</time>
          </span>
        </Link>
      )}
      {typeof deal.successRate === 'number' && (
        <span
          className="trust__rate"
          title={answers ? `From ${answers === 1 ? '1 visitor answer' : `${answers} visitor answers`} in the last ${FEEDBACK_WINDOW_DAYS} days` : undefined}
        >
          {/* The halves may wrap onto two lines on a narrow card, but never inside one. */}
          <span className="trust__part">{`${deal.successRate}% success`}</span>
          {worked && (
            <>
              {' '}
              <span className="trust__part">
                <span className="trust__dot">· </span>
                {`last worked ${worked}`}
              </span>
            </>
          )}
        </span>
      )}
    </p>
  );
}

import { Modal } from '../../components/Modal';
import { useSiteInfo } from '../../lib/siteInfo';
import { ReportReasons } from './ReportReasons';

/** The mail a visitor sends about a broken deal: the deal's name and id in the subject, its page in the body. */
export function reportMailto(email: string, deal: { id: number; name: string }, pageUrl: string): string {
  const subject = `Issue with deal #${deal.id}: ${deal.name}`;
  const body = `Deal: ${deal.name}\nDeal ID: ${deal.id}\nPage: ${pageUrl}\n\nWhat went wrong:\n`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * Report Issue (spec 000 §2 "Deal detail"): `Having Trouble?` with `Send Email` to the company
 * address; without a configured address the visitor is told so instead of offered a dead button.
 * The one-click reasons come first: most visitors only need to say what went wrong.
 */
export function ReportIssueModal({ open, onClose, deal }: { open: boolean; onClose: () => void; deal: { id: number; name: string } }) {
  const email = useSiteInfo()?.emailAddress?.trim();
  return (
    <Modal
      open={open}
      title="Having Trouble?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
          {email && (
            <a className="btn btn--primary" href={reportMailto(email, deal, window.location.href)}>
              Send Email
            </a>
          )}
        </>
      }
    >
      <p>Expired code, broken link or a wrong price? Tell us about it and we will fix this deal as soon as we can.</p>
      <ReportReasons productId={deal.id} />
      {!email && <p className="muted">Our contact email is not available right now. Please try again later.</p>}
    </Modal>
  );
}
